// Types of tools-rules.mjs, for the tests that import it.
export declare const NAME_RULE: RegExp;
export declare const KEY_RULE: RegExp;
export declare function strictViolations(schema: unknown): string[];
export declare function refusedKeys(schema: unknown, found?: string[], depth?: number): string[];
export declare function schemaMismatch(schema: unknown, value: unknown, path?: string): string | undefined;
export declare function resolved(document: unknown, value: unknown, depth?: number): unknown;
export declare function descriptionMismatch(document: unknown, value: unknown, schema: unknown, path?: string, depth?: number): string | undefined;
export declare function caseMismatch(document: unknown, entry: { item: object; operation: object }, params: object): string | undefined;
