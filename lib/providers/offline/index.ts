export { createOfflineEmbedder, OFFLINE_EMBEDDER_NAME } from "./embedder";
export { createOfflineProvider, OFFLINE_MODEL, OFFLINE_PROVIDER_NAME } from "./provider";
