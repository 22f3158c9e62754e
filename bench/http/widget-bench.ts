import fs from "node:fs";
import http from "node:http";
import { chromium } from "@playwright/test";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { percentile, type Report } from "../report";
import { api, type FocalServer, freePort, withOfflineServer } from "./focal-server";
import { type WidgetLink, widgetLoad } from "./widget-load";

// BENCH_WIDGET=1 (or BENCH_ONLY_WIDGET=1 alone): the embeddable widget on `next start` (PGlite, offline
// provider), every request to 127.0.0.1.
// - widget_first_progress_ms_p50 / widget_reply_ms_p50: in Chromium, a host page on another port
//   embeds widget.js; ms from the customer's send (the form's submit) to the first stage line of the
//   progress ("Reading your message…", from the turn's event stream) and to the checked reply's bubble,
//   read with performance.now() inside the page (BENCH_WIDGET_ROUNDS rounds, default 20, after 3 warm-up).
// - widget_turns_per_s / widget_turns_lost: 200 widget sessions at once, each speaking the widget's
//   protocol (widget-load.ts): publishable key and Origin, its session token, its events stream held
//   open, 3 streamed turns one after another; lost = turns sent minus turns stored.

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const AGENT = "bench-widget";

/** The demo agent under its own key, with limits no bench from one address reaches. */
async function benchAgent(server: FocalServer, origin: string): Promise<string> {
  const widget = {
    show_why: true,
    turns_per_minute_per_session: 600,
    turns_per_minute_per_address: 6000,
    turns_per_minute_per_key: 100_000,
    sessions_per_hour_per_address: 10_000,
    sessions_per_hour_per_key: 1_000_000,
  };
  const bundle = {
    ...demo,
    agent: { ...demo.agent, key: AGENT, name: "Bench widget", settings: { ...demo.agent.settings, widget } },
  };
  await api(server, "POST", "/api/v1/agents/import", bundle, 201);
  const created = await api<{ key: string }>(
    server,
    "POST",
    `/api/v1/agents/${AGENT}/publishable-keys`,
    { label: "bench", allowed_origins: [origin] },
    201,
  );
  return created.key;
}

function hostPage(focal: string, key: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body>
<script src="${focal}/widget.js" data-agent="${AGENT}" data-key="${key}" async></script></body></html>`;
}

async function serveHost(port: number, html: () => string): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html());
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}

interface Round {
  progress: number;
  reply: number;
}

/** One message sent in the page; ms to the first stage line and to the reply, timed inside the page. */
function sendInPage(text: string): Promise<Round> {
  const shadow = document.querySelector("#focal-widget")?.shadowRoot;
  const form = shadow?.querySelector("form");
  const input = shadow?.querySelector("textarea");
  const progress = shadow?.querySelector(".progress");
  const log = shadow?.querySelector(".log");
  if (!form || !input || !progress || !log) return Promise.reject(new Error("the widget is not on the page"));
  const typing = "The assistant is typing…";
  const replies = log.querySelectorAll(".msg.agent").length;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstStage = 0;
    const watch = new MutationObserver(() => {
      const label = progress.textContent ?? "";
      if (!firstStage && label !== "" && label !== typing) firstStage = performance.now() - started;
      if (log.querySelectorAll(".msg.agent").length > replies) {
        watch.disconnect();
        clearTimeout(timer);
        resolve({ progress: firstStage, reply: performance.now() - started });
      }
    });
    const timer = setTimeout(() => {
      watch.disconnect();
      reject(new Error("no reply in 15 s"));
    }, 15_000);
    watch.observe(progress, { childList: true, characterData: true, subtree: true });
    watch.observe(log, { childList: true });
    input.value = text;
    form.requestSubmit();
  });
}

async function latencyInChromium(report: Report, server: FocalServer, link: WidgetLink): Promise<void> {
  const host = await serveHost(Number(new URL(link.origin).port), () => hostPage(server.baseUrl, link.key));
  const executablePath =
    process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
  const browser = await chromium.launch({ executablePath });
  try {
    const page = await browser.newPage();
    await page.goto(`${link.origin}/`);
    await page.getByRole("button", { name: "Open chat" }).click();
    const rounds = Number(process.env.BENCH_WIDGET_ROUNDS ?? 20);
    const samples: Round[] = [];
    for (let i = 0; i < rounds + 3; i++) {
      const round = await page.evaluate(sendInPage, `I want a refund for order ${100 + i}`);
      if (i >= 3) samples.push(round);
    }
    const progress = samples.map((s) => s.progress);
    const reply = samples.map((s) => s.reply);
    report.figure("widget_first_progress_ms_p50", percentile(progress, 50).toFixed(1));
    report.figure("widget_reply_ms_p50", percentile(reply, 50).toFixed(1));
    report.note(
      `widget in Chromium, ${rounds} turns of one session: first stage line p95 ${percentile(progress, 95).toFixed(1)} ms, reply p95 ${percentile(reply, 95).toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await new Promise((resolve) => host.close(resolve));
  }
}

export async function benchWidget(report: Report): Promise<void> {
  await withOfflineServer(
    report,
    "widget",
    async (server) => {
      const origin = `http://127.0.0.1:${await freePort()}`;
      const link = { agent: AGENT, key: await benchAgent(server, origin), origin };
      await latencyInChromium(report, server, link);
      await widgetLoad(report, server, link);
    },
    // The load plays 200 customers, each from an address of its own (X-Forwarded-For from 127.0.0.1): one
    // address may hold 20 event streams (docs/widget.md#event-streams), as a real shop's customers are many.
    { FOCAL_TRUST_PROXY: "127.0.0.1" },
  );
}
