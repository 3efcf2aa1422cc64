// The plan source every route table carries (src/plan.ts, PlanSource): how an endpoint adopts the table, the plans
// of its routes, and merge()'s credentials. The core reaches described routes through this object only.
import { deepCopy, type Dictionary } from "../objects.js";
import { PLAN_SOURCE, type PlanSource } from "../plan.js";
import { mergeAuth } from "./auth.js";
import { describedPlan } from "./plan.js";
import { refuseUndescribed } from "./undescribed.js";
import { securedPlanSource } from "./security.js";

/** Route tables copied and frozen whole, carrying their plan source: shared by every call, never copied again. */
const adopted = /* @__PURE__ */ new WeakSet<object>();

/**
 * The plan source of every table: the plans of described routes, with the credentials of those that require some
 * (security.ts), and the refusal of a route the table does not describe (undescribed.ts).
 */
const TABLE_SOURCE: PlanSource = /* @__PURE__ */ Object.freeze({
  /**
   * A deep, frozen copy of `table` carrying this source, unless `table` is one already (a table frozen by anyone else
   * may still have entries that change).
   */
  adopt(table: Dictionary): Dictionary {
    if (adopted.has(table)) return table;
    const copy = deepCopy(table);
    Object.defineProperty(copy, PLAN_SOURCE, { __proto__: null, value: TABLE_SOURCE } as PropertyDescriptor);
    adopted.add(deepFreeze(copy));
    return copy;
  },
  plan: /* @__PURE__ */ securedPlanSource((table: Dictionary, method: string, url: string) => describedPlan(table, method, url) ?? refuseUndescribed(table, method, url)),
  mergeAuth,
});

/** `table` carrying the plan source that compiles its routes (src/plan.ts, PlanSource), which JSON never holds. */
export function withPlanSource<Table extends object>(table: Table): Table {
  return Object.defineProperty(table, PLAN_SOURCE, { __proto__: null, value: TABLE_SOURCE } as PropertyDescriptor);
}

/** `value` frozen at every depth (a deep copy's: plain objects and lists only). */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Dictionary)[key]);
    Object.freeze(value);
  }
  return value;
}
