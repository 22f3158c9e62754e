import { redirect } from "next/navigation";
import { definePage } from "@/lib/server/access/agent-page";

async function ConsoleHome() {
  redirect("/agents");
}

export default definePage(ConsoleHome);
