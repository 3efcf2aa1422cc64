// The axios glue of docs/clients.md, `axios({ method, url, headers, data: body, signal: request?.signal })`, checked
// by its contract rather than by running axios (about 2 MB with its dependencies; not worth a devDependency): axios
// serialises a FormData as JSON when the request says application/json (the file is lost, "{}" arrives), and writes
// its own multipart boundary or form type only when no content-type is set. So every body axios encodes itself must
// reach it unchanged and unlabelled, and a JSON body labelled JSON.
import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";

/** The object the glue hands axios, built exactly as docs/clients.md writes it. */
function axiosConfig(options: ReturnType<typeof endpoint>): { method: string; url: string; headers: Record<string, unknown>; data: unknown } {
  const { method, url, headers, body } = options;
  return { method, url, headers, data: body };
}

describe("the axios glue", () => {
  it("hands FormData, URLSearchParams, a Blob and bytes over as they are, with no content-type for axios to obey", () => {
    const form = new FormData();
    form.append("file", new Blob(["x"]), "x.txt");
    for (const data of [form, new URLSearchParams("a=1"), new Blob(["x"]), new Uint8Array([1])]) {
      const config = axiosConfig(endpoint("POST /upload", { data }));
      expect(config.data).toBe(data);
      expect(config.headers).not.toHaveProperty("content-type");
    }
  });

  it("hands a JSON body over as the object, labelled JSON, for axios to serialise", () => {
    const config = axiosConfig(endpoint("DELETE /repos/{owner}/{repo}/actions/caches", { owner: "o", repo: "r", key: "k" }));
    expect(config).toMatchObject({ method: "delete", data: { key: "k" }, headers: { "content-type": "application/json; charset=utf-8" } });
  });
});
