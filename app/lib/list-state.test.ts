import { describe, expect, it } from "vitest";
import {
  apiQuery,
  ariaSort,
  initialListState,
  listSearch,
  pagerInfo,
  parseSort,
  readListState,
  toggleSort,
  withPage,
  withSearch,
} from "./list-state";

const read = (query: string) => readListState(new URLSearchParams(query));

describe("readListState", () => {
  it("reads page, sort and q from the query", () => {
    expect(read("page=3&sort=title:desc&q=%20wax%20")).toEqual({
      page: 3,
      sort: { field: "title", direction: "desc" },
      q: "wax",
    });
  });

  it("falls back to page 1, no sort and no search for malformed values", () => {
    expect(read("page=0&sort=title")).toEqual(initialListState);
    expect(read("page=-2&sort=title:up")).toEqual(initialListState);
    expect(read("page=1.5&sort=drop%20table:asc")).toEqual(initialListState);
    expect(read("")).toEqual(initialListState);
  });

  it("round-trips through listSearch, leaving defaults out", () => {
    expect(listSearch(initialListState)).toBe("");
    const state = { page: 2, sort: { field: "name", direction: "asc" as const }, q: "a b" };
    expect(listSearch(state)).toBe("?page=2&sort=name%3Aasc&q=a+b");
    expect(read(listSearch(state).slice(1))).toEqual(state);
  });
});

describe("toggleSort", () => {
  const onPage4 = { ...initialListState, page: 4 };

  it("starts a new column ascending and goes back to page 1", () => {
    expect(toggleSort(onPage4, "name")).toEqual({ page: 1, sort: { field: "name", direction: "asc" }, q: "" });
  });

  it("toggles the same column between ascending and descending", () => {
    const asc = toggleSort(onPage4, "name");
    const desc = toggleSort({ ...asc, page: 3 }, "name");
    expect(desc).toEqual({ page: 1, sort: { field: "name", direction: "desc" }, q: "" });
    expect(toggleSort(desc, "name").sort).toEqual({ field: "name", direction: "asc" });
  });

  it("starts ascending when switching from a descending column to another", () => {
    const desc = { ...initialListState, sort: { field: "name", direction: "desc" as const } };
    expect(toggleSort(desc, "email").sort).toEqual({ field: "email", direction: "asc" });
  });

  it("keeps the search", () => {
    expect(toggleSort({ ...initialListState, q: "boat" }, "name").q).toBe("boat");
  });
});

describe("withSearch and withPage", () => {
  it("a changed search goes back to page 1 and keeps the sort", () => {
    const state = { page: 5, sort: { field: "name", direction: "desc" as const }, q: "car" };
    expect(withSearch(state, " boat ")).toEqual({ ...state, page: 1, q: "boat" });
  });

  it("an unchanged search keeps the page", () => {
    const state = { ...initialListState, page: 5, q: "car" };
    expect(withSearch(state, "car ")).toBe(state);
  });

  it("pages are whole and at least 1", () => {
    expect(withPage(initialListState, 0).page).toBe(1);
    expect(withPage(initialListState, 7).page).toBe(7);
  });
});

describe("ariaSort", () => {
  const state = { ...initialListState, sort: { field: "name", direction: "desc" as const } };
  it("names the direction of the sorted column and none for others", () => {
    expect(ariaSort(state, "name")).toBe("descending");
    expect(ariaSort({ ...state, sort: { field: "name", direction: "asc" } }, "name")).toBe("ascending");
    expect(ariaSort(state, "email")).toBe("none");
  });
});

describe("pagerInfo", () => {
  it("is hidden below two pages", () => {
    expect(pagerInfo(1, 0).visible).toBe(false);
    expect(pagerInfo(1, 50).visible).toBe(false);
    expect(pagerInfo(1, 51).visible).toBe(true);
  });

  it("counts rows and pages as the spec shows them", () => {
    expect(pagerInfo(1, 120)).toMatchObject({ from: 1, to: 50, pages: 3, hasPrevious: false, hasNext: true });
    expect(pagerInfo(2, 120)).toMatchObject({ from: 51, to: 100, hasPrevious: true, hasNext: true });
    expect(pagerInfo(3, 120)).toMatchObject({ from: 101, to: 120, hasPrevious: true, hasNext: false });
  });

  it("clamps a page past the end", () => {
    expect(pagerInfo(9, 60)).toMatchObject({ from: 60, to: 60, pages: 2, hasNext: false });
  });
});

describe("parseSort and apiQuery", () => {
  it("accepts only field:asc and field:desc", () => {
    expect(parseSort("created_at:asc")).toEqual({ field: "created_at", direction: "asc" });
    expect(parseSort("created_at:ASC")).toBeNull();
    expect(parseSort(null)).toBeNull();
  });

  it("turns search into one {field}_contains per searchable field", () => {
    const state = { page: 3, sort: { field: "name", direction: "asc" as const }, q: "wax" };
    expect(apiQuery(state, ["name", "email"]).toString()).toBe("sort=name%3Aasc&name_contains=wax&email_contains=wax");
    expect(apiQuery(initialListState, ["name"]).toString()).toBe("");
  });
});
