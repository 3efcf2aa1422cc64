// The plan source a route table carries (src/plan.ts, PlanSource): how an endpoint adopts the table, the plans of
// its routes with the writers the table brings (Writers), and merge()'s credentials. The core reaches described
// routes through this object only.
import type { Dictionary } from "../objects.js";
import { PLAN_SOURCE, type DescribedPlan, type PlanSource } from "../plan.js";
import type { Writers } from "../types/route-table.js";
import { mergeAuth } from "./auth.js";
import { describedPlan, missingWriter } from "./plan.js";
import { refuseUndescribed } from "./undescribed.js";

/** Route tables copied and frozen whole, carrying their plan source: shared by every call, never copied again. */
const adopted = /* @__PURE__ */ new WeakSet<object>();

/** The plan source of tables whose routes may use `writers`, and no other. */
export function planSource(writers: Writers): PlanSource {
  const source: PlanSource = {
    /**
     * A deep, frozen copy of `table` carrying this source, unless `table` is one already (a table frozen by anyone
     * else may still have entries that change).
     */
    adopt(table: Dictionary, deepCopy: (table: Dictionary) => Dictionary): Dictionary {
      if (adopted.has(table)) return table;
      const copy = withSource(deepCopy(table), source);
      adopted.add(deepFreeze(copy));
      return copy;
    },
    // The plans of described routes, with the credentials of those that require some (security.ts), and the refusal
    // of a route the table does not describe (undescribed.ts).
    plan(table: Dictionary, method: string, url: string): DescribedPlan | undefined {
      const plan = describedPlan(table, method, url, writers) ?? refuseUndescribed(table, method, url);
      if (plan === undefined || !plan.secured) return plan;
      if (writers.credentials === undefined) throw missingWriter(plan.route, "credentials");
      return writers.credentials(plan, table);
    },
    mergeAuth,
  };
  return Object.freeze(source);
}

/** `table` carrying `source` (src/plan.ts, PlanSource), under a symbol JSON never holds. */
export function withSource<Table extends object>(table: Table, source: PlanSource): Table {
  return Object.defineProperty(table, PLAN_SOURCE, { __proto__: null, value: source } as PropertyDescriptor);
}

/** `value` frozen at every depth (a deep copy's: plain objects and lists only). */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Dictionary)[key]);
    Object.freeze(value);
  }
  return value;
}
