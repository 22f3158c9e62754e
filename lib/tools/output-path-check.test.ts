import { describe, expect, it } from "vitest";
import { checkOutputPath } from "./output-path-check";

describe("checkOutputPath", () => {
  it("accepts the grammar's paths and lists the inputs they use", () => {
    expect(checkOutputPath("items", [])).toEqual({ ok: true, inputs: [] });
    expect(checkOutputPath("items[0].status", [])).toEqual({ ok: true, inputs: [] });
    expect(checkOutputPath("items[id={order_id}].amount", ["order_id"])).toEqual({ ok: true, inputs: ["order_id"] });
    expect(checkOutputPath("a[2][k={x}].b_c", ["x"])).toEqual({ ok: true, inputs: ["x"] });
  });

  it.each([
    ["items..amount", 6, "Empty segment"],
    [".items", 0, "Empty segment"],
    ["items.", 6, "Empty segment"],
    ["1items", 0, "starts with a field name"],
    ["items[id=order_id].amount", 5, "A selector is [n]"],
    ["items[-1]", 5, "A selector is [n]"],
    ["items[0", 5, "A selector is [n]"],
    ["items-x", 5, 'Unexpected "-"'],
    ["items[0].", 9, "Empty segment"],
  ])("locates the mistake in %s at %i", (path, position, message) => {
    const result = checkOutputPath(path, []);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.position).toBe(position);
    expect(result.message).toContain(message);
  });

  it("refuses an input the tool does not declare, pointing at it", () => {
    const result = checkOutputPath("items[id={order}].amount", ["order_id"]);
    expect(result).toMatchObject({ ok: false, position: 9 });
    if (!result.ok) expect(result.message).toContain("{order} is not one of this tool's inputs");
  });

  it("asks for a path when blank and refuses one over 200 characters", () => {
    expect(checkOutputPath("  ", [])).toMatchObject({ ok: false, position: null });
    expect(checkOutputPath(`a${".b".repeat(100)}`, [])).toMatchObject({ ok: false, position: 200 });
  });
});
