export { createToolRunner } from "./tool-runner";
