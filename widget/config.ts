// The embed's data-* attributes, checked: a malformed one is reported with console.warn and replaced
// by its default, so a typo on the host page never breaks the page or the chat.

export interface WidgetConfig {
  agent: string;
  key: string;
  base: string;
  color: string;
  title: string | null;
  greeting: string | null;
  position: "right" | "left";
  /** The hosted page (/chat/{agent}): open full-page, no launcher. */
  page: boolean;
  /**
   * The signed-in customer, vouched for by the company's server (docs/widget.md#identified-customers):
   * a token it minted for this page view. Null: the chat is anonymous.
   */
  customerToken: string | null;
  /** A released environment the key lists (default: production on the server). */
  environment: string | null;
}

const AGENT_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const PUBLISHABLE_KEY = /^pk_[A-Za-z0-9_-]{8,200}$/;
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
/** v1.<customer id, base64url>.<expiry, Unix seconds>.<HMAC-SHA256, base64url: 43 characters>. */
const CUSTOMER_TOKEN = /^v1\.[A-Za-z0-9_-]{1,1100}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/;
const ENVIRONMENT = /^[a-z][a-z0-9-]{0,31}$/;
export const DEFAULT_COLOR = "#1f4fd1";
const TEXT_MAX = 120;

function warn(what: string, value: string, fallback: string): void {
  console.warn(`Focal widget: ${what} "${value}" is not valid; using ${fallback}.`);
}

function text(value: string | undefined, what: string): string | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed.length > 0 && trimmed.length <= TEXT_MAX) return trimmed;
  warn(what, value, "the default");
  return null;
}

/** Reads the script tag; null (with a warning) when the agent or key is missing, so nothing is shown. */
export function readConfig(script: HTMLScriptElement): WidgetConfig | null {
  const data = script.dataset;
  const agent = data.agent ?? "";
  const key = data.key ?? "";
  if (!AGENT_KEY.test(agent) || !PUBLISHABLE_KEY.test(key)) {
    console.warn("Focal widget: data-agent and data-key (a pk_ key) are required; the chat is not shown.");
    return null;
  }
  let color = DEFAULT_COLOR;
  if (data.color !== undefined) {
    if (HEX_COLOR.test(data.color)) color = data.color;
    else warn("data-color", data.color, DEFAULT_COLOR);
  }
  let position: WidgetConfig["position"] = "right";
  if (data.position !== undefined) {
    if (data.position === "left" || data.position === "right") position = data.position;
    else warn("data-position", data.position, "right");
  }
  let customerToken: string | null = null;
  if (data.customerToken !== undefined) {
    const token = data.customerToken.trim();
    if (CUSTOMER_TOKEN.test(token)) customerToken = token;
    else warn("data-customer-token", "…", "an anonymous chat");
  }
  let environment: string | null = null;
  if (data.environment !== undefined) {
    if (ENVIRONMENT.test(data.environment)) environment = data.environment;
    else warn("data-environment", data.environment, "production");
  }
  return {
    agent,
    key,
    base: new URL(script.src, document.baseURI).origin,
    color,
    title: text(data.title, "data-title"),
    greeting: text(data.greeting, "data-greeting"),
    position,
    page: data.mode === "page",
    customerToken,
    environment,
  };
}
