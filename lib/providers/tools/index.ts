export { type AllowEntry, isPrivateAddress, parseAllowedHosts } from "./host-policy";
export { buildToolUrl, createToolRunner, type LookupAddress, type ToolRunnerOptions } from "./tool-runner";
