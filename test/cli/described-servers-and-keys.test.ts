// With --openapi: `--server N|URL` chooses one of the description's servers, `--server-var name=value` (repeatable)
// gives its variables values; a qualified key is written with its colon escaped (`query\:id=2`), since `name:value`
// is a header on the command line.
import { describe, expect, it } from "vitest";
import { run, type Io } from "../../src/cli/run.js";

const description = {
  openapi: "3.1.0",
  info: { title: "Regions", version: "1" },
  servers: [
    { url: "https://{region}.api.example/{version}", variables: { region: { default: "eu", enum: ["eu", "us"] }, version: { default: "v1" } } },
    { url: "https://sandbox.example" },
    { url: "https://{tenant}.example", variables: { tenant: { default: "t" } } },
  ],
  paths: {
    "/items/{id}": {
      get: {
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "id", in: "query", schema: { type: "string" } },
        ],
        responses: {},
      },
    },
  },
};
const io: Io = { readFile: () => new TextEncoder().encode(JSON.stringify(description)), readStdin: async () => undefined };
const url = (stdout: string): string => (JSON.parse(stdout) as { url: string }).url;

describe("--openapi: server choice", () => {
  it("sends to the first server at its defaults, or to the one --server names by index or URL", async () => {
    expect(url((await run(["--openapi", "d.json", "GET /items/{id}", "id=1"], io)).stdout)).toBe("https://eu.api.example/v1/items/1?id=1");
    expect(url((await run(["--openapi", "d.json", "--server", "1", "GET /items/{id}", "id=1"], io)).stdout)).toBe("https://sandbox.example/items/1?id=1");
    expect(url((await run(["--openapi", "d.json", "--server=https://sandbox.example", "GET /items/{id}", "id=1"], io)).stdout)).toBe("https://sandbox.example/items/1?id=1");
  });

  it("fills the chosen server's variables with --server-var, the others at their defaults", async () => {
    const outcome = await run(["--openapi", "d.json", "--server-var", "region=us", "GET /items/{id}", "id=1"], io);
    expect(outcome.stderr).toBe("");
    expect(url(outcome.stdout)).toBe("https://us.api.example/v1/items/1?id=1");
    const both = await run(["--openapi", "d.json", "--server", "0", "--server-var=region=us", "--server-var", "version=v2", "GET /items/{id}", "id=1"], io);
    expect(url(both.stdout)).toBe("https://us.api.example/v2/items/1?id=1");
  });

  it("refuses a value outside the variable's enum, and a variable the server does not have", async () => {
    const outside = await run(["--openapi", "d.json", "--server-var", "region=mars", "GET /items/{id}", "id=1"], io);
    expect(outside.exitCode).not.toBe(0);
    expect(outside.stderr).toContain("region");
    const unknown = await run(["--openapi", "d.json", "--server-var", "zone=a", "GET /items/{id}", "id=1"], io);
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.stderr).toContain("zone");
  });

  it("refuses a value that would change the server URL's structure, as fromOpenApi() does", async () => {
    for (const value of ["..", "v1/../..", "v1?x", "%2e%2e"]) {
      const outcome = await run(["--openapi", "d.json", "--server-var", `version=${value}`, "GET /items/{id}", "id=1"], io);
      expect(outcome.exitCode).not.toBe(0);
      expect(outcome.stdout).toBe("");
      expect(outcome.stderr).toContain("version");
    }
    for (const value of ["evil.example/x", "a@evil", "evil.example:8443", "evil.example?"]) {
      const outcome = await run(["--openapi", "d.json", "--server", "2", "--server-var", `tenant=${value}`, "GET /items/{id}", "id=1"], io);
      expect(outcome.exitCode).not.toBe(0);
      expect(outcome.stdout).toBe("");
      expect(outcome.stderr).toContain("tenant");
    }
    const tenant = await run(["--openapi", "d.json", "--server", "2", "--server-var", "tenant=acme", "GET /items/{id}", "id=1"], io);
    expect(url(tenant.stdout)).toBe("https://acme.example/items/1?id=1");
  });

  it("needs --openapi", async () => {
    const outcome = await run(["--server-var", "region=us", "GET /items/1"], io);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toContain("--openapi");
  });
});

describe("--openapi: qualified keys", () => {
  it("takes query\\:id=2 as the query parameter's own value, id=1 filling the path", async () => {
    const outcome = await run(["--openapi", "d.json", "GET /items/{id}", "id=1", "query\\:id=2"], io);
    expect(outcome.stderr).toBe("");
    expect(url(outcome.stdout)).toBe("https://eu.api.example/v1/items/1?id=2");
  });
});

describe("--openapi: a multipart part the description types", () => {
  const upload = {
    openapi: "3.1.0",
    servers: [{ url: "https://api.example" }],
    paths: {
      "/upload": {
        post: {
          requestBody: {
            content: {
              "multipart/form-data": {
                schema: { type: "object", properties: { meta: { type: "object" }, note: { type: "string" } } },
                encoding: { meta: { contentType: "application/json" } },
              },
            },
          },
          responses: {},
        },
      },
    },
  };
  const uploadIo: Io = { readFile: () => new TextEncoder().encode(JSON.stringify(upload)), readStdin: async () => undefined };

  it("prints its type and JSON text", async () => {
    const outcome = await run(["--openapi", "u.json", "POST /upload", 'meta:={"a":"b;c"}', "note=hi"], uploadIo);
    expect(outcome.stderr).toBe("");
    expect((JSON.parse(outcome.stdout) as { body: unknown }).body).toEqual({ "multipart/form-data": [["meta", { type: "application/json", text: '{"a":"b;c"}' }], ["note", "hi"]] });
  });

  it("writes it with curl -F, quoted, with its type", async () => {
    const outcome = await run(["--curl", "--openapi", "u.json", "POST /upload", 'meta:={"a":"b;c"}'], uploadIo);
    expect(outcome.stderr).toBe("");
    expect(outcome.stdout).toContain(`meta="{\\"a\\":\\"b;c\\"}";type=application/json`);
  });
});
