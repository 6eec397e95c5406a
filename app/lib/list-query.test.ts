import { describe, expect, it } from "vitest";
import {
  ariaSort,
  defaultListQuery,
  filterValue,
  isFilterable,
  listSearch,
  MAX_LIMIT,
  PAGE_SIZE,
  pagerInfo,
  parseListQuery,
  searchGroups,
  toggleSort,
  withPage,
  withFilter,
  withSearch,
  type ListQuery,
  type ListQueryMode,
  type ListQueryResult,
} from "./list-query";
import type { TableSchema } from "./table-schema";

const table: Pick<TableSchema, "properties" | "defaultSort"> = {
  defaultSort: { field: "created_at", direction: "desc" },
  properties: {
    id: { type: "integer", title: "ID", sortable: true },
    name: { type: "string", title: "Name", sortable: true, searchable: true },
    email: { type: "string", title: "Email", sortable: true, searchable: true },
    notes: { type: "string", title: "Notes" },
    rating: { type: "integer", title: "Rating" },
    created_at: { type: "string", title: "Created", format: "date-time", sortable: true },
  },
};
const initial = defaultListQuery(table);

const parse = (search: string, mode: ListQueryMode = "dashboard") => parseListQuery(table, new URLSearchParams(search), mode);
const ok = (result: ListQueryResult): ListQuery => {
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.query;
};

describe("parseListQuery", () => {
  it("reads page, sort and q, with the table's default sort merged in", () => {
    expect(ok(parse("page=3&sort=name:desc&q=%20wax%20"))).toEqual({
      page: 3,
      limit: PAGE_SIZE,
      sort: { field: "name", direction: "desc" },
      q: "wax",
      contains: [],
      filters: [],
    });
    expect(ok(parse(""))).toEqual({ page: 1, limit: PAGE_SIZE, sort: { field: "created_at", direction: "desc" }, q: "", contains: [], filters: [] });
  });

  it("refuses what it cannot honour with a message, and falls back to the defaults for those parameters only", () => {
    const cases: [string, string][] = [
      ["sort=nope:asc", "Unknown sort field: nope"],
      ["sort=notes:asc", "notes cannot be sorted"],
      ["sort=name:up", "sort must be field:asc or field:desc"],
      ["sort=name", "sort must be field:asc or field:desc"],
      ["sort=name:asc:x", "sort must be field:asc or field:desc"],
      ["page=0", "page must be a whole number from 1"],
      ["page=1.5", "page must be a whole number from 1"],
      ["page=abc", "page must be a whole number from 1"],
      ["page=99999999999", "page must be a whole number from 1"],
      ["page=1000001", "page must be at most 1000000"],
      [`q=${"x".repeat(201)}`, "Search terms are at most 200 characters"],
      ["q=a%00b", "Search terms cannot contain a NUL character"],
    ];
    for (const [search, error] of cases) {
      expect(parse(search), search).toMatchObject({ ok: false, error });
    }
    const result = parse("page=2&sort=nope:asc&q=wax");
    expect(result).toEqual({ ok: false, error: "Unknown sort field: nope", fallback: { ...initial, page: 2, q: "wax" } });
  });

  it("names the first refusal when there are several", () => {
    expect(parse("page=0&sort=nope:asc")).toMatchObject({ ok: false, error: "page must be a whole number from 1" });
  });

  it("on the dashboard ignores the API's parameters (the page size stays 50)", () => {
    expect(ok(parse("limit=5&name_contains=x&nope_contains=y&edit=3"))).toEqual(initial);
  });

  it("in the API reads limit (capped) and {field}_contains for text fields", () => {
    expect(ok(parse("limit=5", "api")).limit).toBe(5);
    expect(ok(parse("limit=100000", "api")).limit).toBe(MAX_LIMIT);
    expect(ok(parse("name_contains=%20a%20&email_contains=&q=b", "api"))).toMatchObject({
      q: "b",
      contains: [{ field: "name", term: "a" }],
    });
    for (const [search, error] of [
      ["limit=0", "limit must be a whole number from 1"],
      ["nope_contains=a", "Unknown filter field: nope"],
      ["rating_contains=5", "rating is not a text field and cannot be searched"],
      ["name_contains=a%00b", "Search terms cannot contain a NUL character"],
    ]) {
      expect(parse(search!, "api"), search).toMatchObject({ ok: false, error });
    }
  });
});

describe("equality filters", () => {
  const filtered: Pick<TableSchema, "properties" | "defaultSort"> = {
    ...table,
    properties: {
      ...table.properties,
      status: { type: "string", title: "Status", enum: ["new", "lost"] },
      published: { type: "boolean", title: "Published" },
      tags: { type: "array", title: "Tags", enum: ["a", "b"] },
    },
  };
  const parseIn = (search: string, mode: ListQueryMode) => parseListQuery(filtered, new URLSearchParams(search), mode);

  it("reads {field}={value} for enum and boolean columns, in column order, empty meaning none", () => {
    for (const mode of ["api", "dashboard"] as const) {
      expect(ok(parseIn("published=false&status=lost&q=x", mode)).filters).toEqual([
        { field: "status", value: "lost" },
        { field: "published", value: false },
      ]);
      expect(ok(parseIn("status=&published=", mode)).filters).toEqual([]);
    }
  });

  it("refuses a value outside the column's, a column that is not an enum or boolean, and an unknown one in the API", () => {
    for (const mode of ["api", "dashboard"] as const) {
      for (const [search, error] of [
        ["status=closed", "status must be one of: new, lost"],
        ["published=yes", "published must be true or false"],
        ["name=Ann", "name cannot be filtered: only enum and boolean columns can"],
        ["tags=a", "tags cannot be filtered: only enum and boolean columns can"],
        ["status=new&status=lost", "status can be filtered by one value only"],
      ]) {
        expect(parseIn(search!, mode), `${mode} ${search}`).toMatchObject({ ok: false, error });
      }
    }
    expect(parseIn("nope=1", "api")).toMatchObject({ ok: false, error: "Unknown filter field: nope" });
    expect(parseIn("constructor=1", "api")).toMatchObject({ ok: false, error: "Unknown filter field: constructor" });
    // The dashboard's URL holds its dialog state too: a name that is no column is not a filter there.
    expect(ok(parseIn("edit=3&view=4&status=new", "dashboard")).filters).toEqual([{ field: "status", value: "new" }]);
  });

  it("is carried by every link the view builds, and a change goes back to page 1", () => {
    const query = ok(parseIn("page=3&status=new&published=true", "dashboard"));
    expect(listSearch(filtered, query)).toBe("?page=3&status=new&published=true");
    const changed = withFilter(filtered, query, "status", "");
    expect(changed).toMatchObject({ page: 1, filters: [{ field: "published", value: true }] });
    expect(filterValue(changed, "published")).toBe("true");
    expect(filterValue(changed, "status")).toBe("");
    expect(isFilterable(filtered.properties.name!)).toBe(false);
  });
});

describe("searchGroups", () => {
  it("puts q in every searchable column and groups the same term across fields", () => {
    const query = { ...initial, q: "wax", contains: [{ field: "notes", term: "wax" }, { field: "name", term: "car" }] };
    expect(searchGroups(table, query)).toEqual([
      { term: "wax", fields: ["notes", "name", "email"] },
      { term: "car", fields: ["name"] },
    ]);
    expect(searchGroups(table, initial)).toEqual([]);
  });
});

describe("listSearch", () => {
  it("leaves the defaults out, so a refused parameter is never carried on", () => {
    expect(listSearch(table, initial)).toBe("");
    const query = { ...initial, page: 2, sort: { field: "name", direction: "asc" as const }, q: "a b" };
    expect(listSearch(table, query)).toBe("?page=2&sort=name%3Aasc&q=a+b");
    expect(ok(parse(listSearch(table, query).slice(1)))).toEqual(query);
    expect(listSearch(table, { ...initial, sort: { field: "created_at", direction: "desc" } })).toBe("");

    const refused = parse("sort=nope:asc&q=wax");
    expect(refused.ok ? "" : listSearch(table, refused.fallback)).toBe("?q=wax");
  });
});

describe("toggleSort", () => {
  const onPage4 = { ...initial, page: 4 };

  it("starts a new column ascending and goes back to page 1", () => {
    expect(toggleSort(onPage4, "name")).toEqual({ ...initial, sort: { field: "name", direction: "asc" } });
  });

  it("toggles the same column between ascending and descending, the default sort included", () => {
    const asc = toggleSort(onPage4, "name");
    const desc = toggleSort({ ...asc, page: 3 }, "name");
    expect(desc).toEqual({ ...initial, sort: { field: "name", direction: "desc" } });
    expect(toggleSort(desc, "name").sort).toEqual({ field: "name", direction: "asc" });
    // The default sort is newest first: its column's header turns it to ascending.
    expect(toggleSort(initial, "created_at").sort).toEqual({ field: "created_at", direction: "asc" });
  });

  it("starts ascending when switching from a descending column to another, and keeps the search", () => {
    const desc = { ...initial, q: "boat", sort: { field: "name", direction: "desc" as const } };
    expect(toggleSort(desc, "email")).toMatchObject({ sort: { field: "email", direction: "asc" }, q: "boat" });
  });
});

describe("withSearch and withPage", () => {
  it("a changed search goes back to page 1 and keeps the sort", () => {
    const query = { ...initial, page: 5, sort: { field: "name", direction: "desc" as const }, q: "car" };
    expect(withSearch(query, " boat ")).toEqual({ ...query, page: 1, q: "boat" });
  });

  it("an unchanged search gives the same query", () => {
    const query = { ...initial, page: 5, q: "car" };
    expect(withSearch(query, "car ")).toBe(query);
  });

  it("pages are whole and at least 1", () => {
    expect(withPage(initial, 0).page).toBe(1);
    expect(withPage(initial, 7.6).page).toBe(7);
  });
});

describe("ariaSort", () => {
  it("names the direction of the sorted column (the default one too) and none for others", () => {
    expect(ariaSort(initial, "created_at")).toBe("descending");
    expect(ariaSort({ ...initial, sort: { field: "name", direction: "asc" } }, "name")).toBe("ascending");
    expect(ariaSort(initial, "email")).toBe("none");
  });
});

describe("pagerInfo", () => {
  const page = (n: number) => ({ ...initial, page: n });

  it("is hidden below two pages", () => {
    expect(pagerInfo(page(1), 0).visible).toBe(false);
    expect(pagerInfo(page(1), 50).visible).toBe(false);
    expect(pagerInfo(page(1), 51).visible).toBe(true);
  });

  it("counts rows and pages", () => {
    expect(pagerInfo(page(1), 120)).toMatchObject({ from: 1, to: 50, pages: 3, hasPrevious: false, hasNext: true });
    expect(pagerInfo(page(2), 120)).toMatchObject({ from: 51, to: 100, hasPrevious: true, hasNext: true });
    expect(pagerInfo(page(3), 120)).toMatchObject({ from: 101, to: 120, hasPrevious: true, hasNext: false });
  });

  it("clamps a page past the end", () => {
    expect(pagerInfo(page(9), 60)).toMatchObject({ from: 60, to: 60, pages: 2, hasNext: false });
  });
});
