// Which answers a request gets in the customer's shape (lib/widget/customer-response-schemas.ts): a
// publishable key's always; a console session's or an API key's when it asks for `?view=customer` on a
// route that offers that view (the sandbox's "Preview as customer" shows exactly what a customer sees).
// The route wrapper's response contract and the handlers decide with this one function, so a handler
// cannot answer one shape while the contract checks the other.

export interface CustomerViewDeclaration {
  /** The route answers `?view=customer` in the customer's shape for operators and API keys too. */
  viewQuery: boolean;
}

export function answersCustomer(declaration: CustomerViewDeclaration | undefined, request: Request): boolean {
  if (!declaration) return false;
  if (/^Bearer\s+pk_/i.test(request.headers.get("authorization") ?? "")) return true;
  return declaration.viewQuery && new URL(request.url).searchParams.get("view") === "customer";
}
