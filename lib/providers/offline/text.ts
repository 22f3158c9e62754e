// The text normalisation moved into the engine (the local sensor uses it); re-exported for the offline provider.
export * from "@/lib/engine/text/words";
