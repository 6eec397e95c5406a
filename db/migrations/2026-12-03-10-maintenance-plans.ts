import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Maintenance plans (issue 37, docs/decisions/0145, 0146, 0147):
// - plans: what the owner sells (/admin/plans): a name, visits every
//   `interval_weeks` weeks or monthly, one price (per visit or per month, by
//   `billing`, whole cents), a discount on one-off prices (a whole
//   percentage), the longest pause a customer may take (weeks); retired ones
//   are kept for the customers who have them, but no longer started.
// - plan_packages: the price book's packages a plan's visit includes.
// - customer_plans: a plan started for a customer: its RFC 5545 rule
//   (DTSTART in floating wall-clock time and RRULE), the visit's length,
//   address and vehicle, the billing and price fixed at the start, a pause
//   (paused_from to paused_until, exclusive), and how far ahead its visits
//   are placed (placed_until). `token` is the customer's /plans/{token} link.
// - jobs.customer_plan_id / plan_occurrence: a visit of a plan and the day
//   of the rule it stands for. Unique per plan, whatever the visit's status:
//   a skipped (cancelled) or moved visit keeps its occurrence, so no
//   placement, in any process, ever books that occurrence twice.
// - invoices.customer_plan_id / statement_month: a monthly statement, one
//   per customer plan and month (unique): numbered and made once even when
//   two processes make it at once.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE plans (
    id serial PRIMARY KEY,
    name text NOT NULL CHECK (name = btrim(name) AND name <> '' AND length(name) <= 80 AND name !~ '[[:cntrl:]]'),
    cadence text NOT NULL CHECK (cadence IN ('weekly', 'monthly')),
    interval_weeks integer CHECK (interval_weeks BETWEEN 1 AND 52),
    billing text NOT NULL CHECK (billing IN ('per_visit', 'monthly')),
    price_cents integer NOT NULL CHECK (price_cents BETWEEN 0 AND 10000000),
    discount_percent integer NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
    max_pause_weeks integer NOT NULL DEFAULT 4 CHECK (max_pause_weeks BETWEEN 0 AND 52),
    retired_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT plans_cadence_interval CHECK ((cadence = 'weekly') = (interval_weeks IS NOT NULL))
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX plans_name_key ON plans (lower(name))`.execute(db);

  await sql`CREATE TABLE plan_packages (
    plan_id integer NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    package_id integer NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
    PRIMARY KEY (plan_id, package_id)
  )`.execute(db);
  // A package's removal from the price book finds its plans.
  await sql`CREATE INDEX plan_packages_package_idx ON plan_packages (package_id)`.execute(db);

  await sql`CREATE TABLE customer_plans (
    id serial PRIMARY KEY,
    token text NOT NULL UNIQUE CHECK (length(token) >= 22),
    customer_id integer NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
    plan_id integer NOT NULL REFERENCES plans (id) ON DELETE RESTRICT,
    vehicle_id integer REFERENCES vehicles (id) ON DELETE SET NULL,
    rrule text NOT NULL CHECK (length(rrule) <= 500),
    starts_on date NOT NULL,
    start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 1 AND 720),
    address text NOT NULL DEFAULT '' CHECK (length(address) <= 300),
    billing text NOT NULL CHECK (billing IN ('per_visit', 'monthly')),
    price_cents integer NOT NULL CHECK (price_cents BETWEEN 0 AND 10000000),
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
    paused_from date,
    paused_until date,
    placed_until date,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    cancelled_at timestamptz,
    CONSTRAINT customer_plans_pause CHECK ((paused_from IS NULL) = (paused_until IS NULL) AND (paused_until IS NULL OR paused_until > paused_from))
  )`.execute(db);
  // A customer's page lists their plans.
  await sql`CREATE INDEX customer_plans_customer_idx ON customer_plans (customer_id, id)`.execute(db);
  // The background top-up: the active plans whose visits are placed least far ahead.
  await sql`CREATE INDEX customer_plans_top_up_idx ON customer_plans (placed_until) WHERE status = 'active'`.execute(db);
  // A plan's retirement or removal finds who has it.
  await sql`CREATE INDEX customer_plans_plan_idx ON customer_plans (plan_id)`.execute(db);

  await sql`ALTER TABLE jobs
    ADD COLUMN customer_plan_id integer REFERENCES customer_plans (id) ON DELETE SET NULL,
    ADD COLUMN plan_occurrence date`.execute(db);
  // One visit per occurrence of a plan's rule (a plan's page lists its visits by it, too).
  await sql`CREATE UNIQUE INDEX jobs_plan_occurrence_key ON jobs (customer_plan_id, plan_occurrence) WHERE customer_plan_id IS NOT NULL`.execute(db);

  await sql`ALTER TABLE invoices
    ADD COLUMN customer_plan_id integer REFERENCES customer_plans (id) ON DELETE SET NULL,
    ADD COLUMN statement_month date CHECK (statement_month IS NULL OR extract(day FROM statement_month) = 1)`.execute(db);
  // One statement per customer plan and month.
  await sql`CREATE UNIQUE INDEX invoices_plan_statement_key ON invoices (customer_plan_id, statement_month) WHERE statement_month IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE invoices DROP COLUMN statement_month, DROP COLUMN customer_plan_id`.execute(db);
  await sql`ALTER TABLE jobs DROP COLUMN plan_occurrence, DROP COLUMN customer_plan_id`.execute(db);
  await sql`DROP TABLE customer_plans`.execute(db);
  await sql`DROP TABLE plan_packages`.execute(db);
  await sql`DROP TABLE plans`.execute(db);
}
