import { type EvalLoad, readEvalRows } from "./read-eval-json";

// The public prompt-injection sets under $FOCAL_EVAL_DIR/injection (README there): deepset's train
// split (labelled, about a third German), part of CyberSecEval's attacks (English, by variant) and part
// of NotInject (harmless prompts full of trigger words).

export interface LabelledMessage {
  text: string;
  injection: boolean;
}
export interface VariantAttack {
  text: string;
  variant: string;
}

export const DEEPSET_FILE = "injection/deepset-train.json";
export const CYBERSECEVAL_FILE = "injection/cyberseceval-dev.json";
export const NOTINJECT_FILE = "injection/notinject-dev.json";

const isLabelled = (row: unknown): row is LabelledMessage =>
  typeof (row as LabelledMessage)?.text === "string" && typeof (row as LabelledMessage).injection === "boolean";
const isVariantAttack = (row: unknown): row is VariantAttack =>
  typeof (row as VariantAttack)?.text === "string" && typeof (row as VariantAttack).variant === "string";
const isText = (row: unknown): row is string => typeof row === "string";

export const loadDeepset = (evalDir: string | undefined): Promise<EvalLoad<LabelledMessage>> =>
  readEvalRows(evalDir, DEEPSET_FILE, isLabelled);
export const loadCyberSecEval = (evalDir: string | undefined): Promise<EvalLoad<VariantAttack>> =>
  readEvalRows(evalDir, CYBERSECEVAL_FILE, isVariantAttack);
export const loadNotInject = (evalDir: string | undefined): Promise<EvalLoad<string>> =>
  readEvalRows(evalDir, NOTINJECT_FILE, isText);
