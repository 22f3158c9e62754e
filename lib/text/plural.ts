/** A count with its noun: "1 rule", "3 rules"; `many` for words that do not just take an s ("1 try", "2 tries"). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
