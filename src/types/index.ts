// Every public type, in one place for the entries to re-export.
export type * from "./options.js";
export type * from "./endpoint.js";
export type * from "./described.js";
