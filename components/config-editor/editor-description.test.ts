import { describe, expect, it } from "vitest";
import { editorDescription } from "./editor-description";

const base = { agentName: "Acme", currentVersion: 7, expectedVersion: 5, readOnlyNote: "designers edit rules." };

describe("editorDescription", () => {
  it("tells a viewer the version shown and why it is read-only", () => {
    expect(editorDescription({ ...base, readOnly: true })).toBe("Acme · v7 · read-only: designers edit rules.");
  });

  it("tells a designer the version a save goes over and the one it makes", () => {
    expect(editorDescription({ ...base, readOnly: false })).toBe(
      "Acme · editing v5; saving makes v6, recorded in the ledger.",
    );
  });

  it("names what else a save makes", () => {
    expect(editorDescription({ ...base, readOnly: false, alsoMakes: "profile schema v3" })).toBe(
      "Acme · editing v5; saving makes v6 and profile schema v3, recorded in the ledger.",
    );
  });
});
