import { Input } from "./input";
import { Label } from "./label";

/** One date of a list page's filter form (a day, read as UTC by the page); its id is `filter-${name}`. */
export function FilterDate({ name, label, value }: { name: string; label: string; value: string | undefined }) {
  const id = `filter-${name}`;
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={name} type="date" defaultValue={value} className="block w-36" />
    </div>
  );
}
