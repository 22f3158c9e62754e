export { createOfflineEmbedder, createWordVectorEmbedder } from "./embedder";
export { createOfflineProvider } from "./provider";
