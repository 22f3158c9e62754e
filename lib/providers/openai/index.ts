export { createOpenAIProvider, OPENAI_PROVIDER_NAME, type OpenAIProviderOptions } from "./provider";
