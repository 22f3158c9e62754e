import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_PATH, safeReturnPath, signInHref } from "./safe-return-path";

const HOME = DEFAULT_RETURN_PATH;

describe("safeReturnPath", () => {
  it.each([
    "/agents",
    "/agents/refund-desk/rules?tab=lane-1&q=a%20b#row-3",
    "/agents/%2F%2Fevil.example",
    "/traces?next=https://evil.example",
  ])("keeps the same-origin path %s", (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it("normalises dot segments", () => {
    expect(safeReturnPath("/agents/../traces")).toBe("/traces");
  });

  const foreign = [
    // absolute and scheme-relative
    "https://evil.example/",
    "http:evil.example",
    "//evil.example/",
    "///evil.example/",
    "////evil.example",
    // backslashes, in every spelling a browser turns into "/"
    "/\\evil.example/",
    "\\\\evil.example",
    "/\\/evil.example",
    "\\/evil.example",
    // tabs, newlines and other control characters, which browsers strip
    "/\t/evil.example/",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "/\u0085/evil.example",
    "/ /evil.example",
    "/\u00a0/evil.example",
    "/\u2028/evil.example",
    "/\u200b/evil.example",
    // dot segments that collapse into "//"
    "/.//evil.example",
    "/./\\evil.example",
    "/a/..//evil.example",
    // scripts and other schemes
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    // relative, empty, not a string, too long
    "agents",
    "evil.example",
    "",
    "?next=/agents",
    "#x",
    undefined,
    null,
    42,
    ["/agents"],
    `/${"a".repeat(3000)}`,
  ];
  it.each(foreign.map((value) => [JSON.stringify(value) ?? String(value), value]))("refuses %s", (_, value) => {
    expect(safeReturnPath(value)).toBe(HOME);
  });

  it("never returns something that leaves the origin, for any of these prefixes and paths", () => {
    const prefixes = [
      "/",
      "//",
      "\\",
      "/\\",
      "\\/",
      "/\t/",
      "/%09/",
      "/%5C",
      "/%2F",
      "/./",
      "/..//",
      "/\u2215",
      "/\uff0f",
    ];
    const hosts = ["evil.example", "evil.example:443", "user@evil.example", "127.0.0.1"];
    for (const prefix of prefixes) {
      for (const host of hosts) {
        const result = safeReturnPath(`${prefix}${host}/path`);
        expect(new URL(result, "https://focal.test").origin, `${prefix}${host}`).toBe("https://focal.test");
        expect(result.startsWith("/") && !result.startsWith("//") && !result.includes("\\")).toBe(true);
      }
    }
  });

  it("uses the fallback it is given", () => {
    expect(safeReturnPath("//evil.example", "/sign-in")).toBe("/sign-in");
  });
});

describe("signInHref", () => {
  it("encodes a safe return path and drops an unsafe one", () => {
    expect(signInHref("/agents/x/sandbox?s=1")).toBe("/sign-in?next=%2Fagents%2Fx%2Fsandbox%3Fs%3D1");
    expect(signInHref("//evil.example")).toBe(`/sign-in?next=${encodeURIComponent(HOME)}`);
  });
});
