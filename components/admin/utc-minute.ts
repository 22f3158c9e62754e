/** An instant as the admin tables print it: to the minute, in UTC (the same on server and browser). */
export const utcMinute = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
