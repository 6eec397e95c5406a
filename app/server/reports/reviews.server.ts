import { sql } from "kysely";
import { shareCsv, shareText, type ReportTable } from "~/lib/reports";
import type { DB } from "../db.server";
import type { ReportPeriod } from "./period.server";

/** The reviews customers sent in the period (by the time they sent them): how many, their average, how many may be published. */
export async function reviewFigures(db: DB, period: ReportPeriod) {
  const { rows } = await sql<{ reviews: string; stars: string; consented: string; five: string; four: string; three: string; two: string; one: string }>`
    SELECT count(*) AS reviews, coalesce(sum(stars), 0) AS stars, count(*) FILTER (WHERE consent) AS consented,
           count(*) FILTER (WHERE stars = 5) AS five, count(*) FILTER (WHERE stars = 4) AS four, count(*) FILTER (WHERE stars = 3) AS three,
           count(*) FILTER (WHERE stars = 2) AS two, count(*) FILTER (WHERE stars = 1) AS one
    FROM reviews
    WHERE submitted_at >= ${period.start} AND submitted_at < ${period.end}`.execute(db);
  const r = rows[0]!;
  return {
    reviews: Number(r.reviews),
    stars: Number(r.stars),
    consented: Number(r.consented),
    byStars: [Number(r.five), Number(r.four), Number(r.three), Number(r.two), Number(r.one)],
  };
}

/** "4.7" of 5: the average to one decimal (half up), "—" of none. */
export const averageStars = (stars: number, reviews: number) => (reviews > 0 ? (Math.round((stars * 10) / reviews) / 10).toFixed(1) : "—");

const starsLabel = (stars: number) => (stars === 1 ? "1 star" : `${stars} stars`);

export async function reviewsReport(db: DB, period: ReportPeriod): Promise<ReportTable> {
  const f = await reviewFigures(db, period);
  const count = (n: number) => ({ text: n.toLocaleString("en-US"), csv: n });
  const average = averageStars(f.stars, f.reviews);
  return {
    name: "reviews",
    title: "Reviews",
    note: "Reviews sent in the period.",
    columns: [
      { label: "Figure", numeric: false },
      { label: "Value", numeric: true },
    ],
    rows: [
      [{ text: "Reviews", csv: "Reviews" }, count(f.reviews)],
      [{ text: "Average stars", csv: "Average stars" }, { text: f.reviews > 0 ? `${average} of 5` : average, csv: f.reviews > 0 ? average : "" }],
      [{ text: "With consent to publish", csv: "With consent to publish" }, count(f.consented)],
      [{ text: "Share with consent", csv: "Share with consent (%)" }, { text: shareText(f.consented, f.reviews), csv: shareCsv(f.consented, f.reviews) }],
      ...f.byStars.map((n, i) => [{ text: starsLabel(5 - i), csv: starsLabel(5 - i) }, count(n)]),
    ],
    chart: { title: "Reviews by stars", money: false, bars: f.byStars.map((n, i) => ({ label: starsLabel(5 - i), value: n, text: n.toLocaleString("en-US") })) },
  };
}
