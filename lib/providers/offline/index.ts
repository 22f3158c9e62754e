export { createOfflineEmbedder } from "./embedder";
export { createOfflineProvider } from "./provider";
