import { Label } from "./label";
import { NativeSelect } from "./select";

type FilterOption = string | { value: string; label: string };

interface FilterSelectProps {
  /** The query parameter it sets; the select's id is `filter-${name}`. */
  name: string;
  label: string;
  /** The value in the URL now; none selects the first option, which filters nothing. */
  value: string | undefined;
  /** The first option's text: what the list shows without this filter ("All kinds", "Any"). */
  anyLabel: string;
  options: readonly FilterOption[];
  /** Caps the select's width where long option texts (rule names) would widen the row. */
  selectClassName?: string;
}

/** One select of a list page's filter form (inside `FilterForm`, which applies it as it changes). */
export function FilterSelect({ name, label, value, anyLabel, options, selectClassName }: FilterSelectProps) {
  const id = `filter-${name}`;
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} name={name} defaultValue={value ?? ""} selectClassName={selectClassName}>
        <option value="">{anyLabel}</option>
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } =
            typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </NativeSelect>
    </div>
  );
}
