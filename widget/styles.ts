// The widget's stylesheet, inside its shadow root: the host page's CSS cannot reach it, and it cannot
// reach the host page. Themable through custom properties set on the host element (#focal-widget).
// Default colours meet 4.5:1: #1a1a1a on #ffffff 17.4:1, #595959 on #ffffff 7.0:1, white on the
// default accent #1f4fd1 6.6:1, white on the unread badge's #a4161a 7.9:1. On the hosted page the
// conversation is a centred column of 760 px (about 80 characters of 15 px text) and a bubble at most
// 560 px, so a line stays readable on a 1440 px screen; the column is padding, so the log's scrollbar
// and the reply box's rule keep the page's edges.

export function widgetCss(accent: string, position: "right" | "left"): string {
  return `
:host { all: initial; --focal-accent: ${accent}; --focal-accent-text: #ffffff; --focal-bg: #ffffff;
  --focal-text: #1a1a1a; --focal-muted: #595959; --focal-bubble: #f1f3f5; --focal-border: #c9ced4;
  --focal-error: #a4161a; --focal-radius: 12px;
  --focal-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
.launcher { position: fixed; ${position}: 20px; bottom: 20px; z-index: 2147483000; width: 56px; height: 56px;
  border-radius: 50%; border: 0; background: var(--focal-accent); color: var(--focal-accent-text);
  display: grid; place-items: center; cursor: pointer; box-shadow: 0 4px 14px rgba(0,0,0,.25); }
.launcher .badge { position: absolute; top: -4px; right: -4px; min-width: 20px; height: 20px; padding: 0 5px;
  border-radius: 10px; background: #a4161a; color: #ffffff; border: 2px solid #ffffff;
  font: 700 12px/16px var(--focal-font); text-align: center; }
.launcher:focus-visible, button:focus-visible, textarea:focus-visible { outline: 3px solid var(--focal-text); outline-offset: 2px; }
.panel { position: fixed; ${position}: 20px; bottom: 88px; z-index: 2147483001; width: 370px; height: min(600px, calc(100vh - 110px));
  display: flex; flex-direction: column; background: var(--focal-bg); color: var(--focal-text);
  font: 15px/1.45 var(--focal-font); border: 1px solid var(--focal-border); border-radius: var(--focal-radius);
  box-shadow: 0 8px 30px rgba(0,0,0,.2); overflow: hidden; }
.panel[hidden], .launcher[hidden], [hidden] { display: none !important; }
.page .panel { inset: 0; width: 100%; height: 100%; border: 0; border-radius: 0; box-shadow: none; }
.page .log, .page .progress, .page form { padding-inline: max(12px, calc((100% - 736px) / 2)); }
.page .error { align-self: center; width: calc(100% - 24px); max-width: 736px; }
@media (max-width: 480px) { .panel { inset: 0; width: 100%; height: 100%; border: 0; border-radius: 0; } }
header { display: flex; align-items: center; gap: 8px; padding: 10px 12px; background: var(--focal-accent); color: var(--focal-accent-text); }
header h2 { flex: 1; margin: 0; font: 600 16px/1.3 var(--focal-font); }
header button { background: transparent; color: inherit; border: 1px solid currentColor; border-radius: 6px;
  padding: 4px 8px; font: 13px/1.2 var(--focal-font); cursor: pointer; }
header button.close { border: 0; font-size: 20px; padding: 2px 8px; }
.status { padding: 6px 12px; font-size: 13px; background: #fff8e1; color: #5c4400; border-bottom: 1px solid var(--focal-border); }
.log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 10px; }
.msg { max-width: min(85%, 560px); padding: 8px 12px; border-radius: var(--focal-radius); white-space: pre-wrap; overflow-wrap: anywhere; }
.msg .who { display: block; font-size: 12px; color: var(--focal-muted); margin-bottom: 2px; }
.customer { align-self: flex-end; background: var(--focal-accent); color: var(--focal-accent-text); }
.customer .who { color: inherit; opacity: .9; }
.agent, .operator { align-self: flex-start; background: var(--focal-bubble); }
.system { align-self: center; font-size: 13px; color: var(--focal-muted); text-align: center; }
.why { margin-top: 6px; padding-top: 6px; border-top: 1px solid var(--focal-border); font-size: 13px; color: var(--focal-muted); }
.why summary { cursor: pointer; color: var(--focal-text); }
.why ul { margin: 4px 0 0; padding-left: 18px; }
.progress { padding: 0 12px 6px; font-size: 13px; color: var(--focal-muted); min-height: 1.45em; }
.dots::after { content: "…"; }
.error { margin: 0 12px 6px; padding: 6px 10px; border-radius: 6px; font-size: 13px; color: var(--focal-error); background: #fdecea; }
form { display: flex; gap: 8px; padding: 10px 12px; border-top: 1px solid var(--focal-border); }
textarea { flex: 1; resize: none; min-height: 40px; max-height: 120px; padding: 8px 10px; border: 1px solid var(--focal-border);
  border-radius: 8px; font: 15px/1.4 var(--focal-font); color: var(--focal-text); background: var(--focal-bg); }
form button { border: 0; border-radius: 8px; padding: 0 14px; background: var(--focal-accent); color: var(--focal-accent-text);
  font: 600 14px/1 var(--focal-font); cursor: pointer; }
form button:disabled { opacity: .6; cursor: default; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
}
