// Runs once per server process before it answers requests: migrate, provision, print the sign-in.
// The literal NEXT_RUNTIME check lets the bundler drop the Node-only boot from the edge build.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("./lib/boot/register-node");
    await registerNode();
  }
}
