import { it } from "vitest";
import { createTestApp } from "./harness";
it("probe", async () => {
  const t = await createTestApp("pglite");
  const paths = (t.app.swagger() as any).paths;
  for (const [p, ops] of Object.entries<any>(paths)) for (const [m, op] of Object.entries<any>(ops)) console.log(m, p, JSON.stringify(op.requestBody), JSON.stringify(op.parameters));
  await t.close();
});
