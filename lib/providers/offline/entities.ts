// The entity extractors moved into the engine (the local sensor uses them); re-exported for the offline provider.
export * from "@/lib/engine/stages/sensor/entities";
