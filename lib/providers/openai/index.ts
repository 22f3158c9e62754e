export { createOpenAIProvider } from "./provider";
