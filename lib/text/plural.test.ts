import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("uses the singular for exactly one and the plural otherwise, zero included", () => {
    expect(plural(1, "regeneration")).toBe("1 regeneration");
    expect(plural(0, "regeneration")).toBe("0 regenerations");
    expect(plural(2, "try", "tries")).toBe("2 tries");
    expect(plural(1, "try", "tries")).toBe("1 try");
  });
});
