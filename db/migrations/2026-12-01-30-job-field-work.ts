import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// The field work of a job (issue 36, docs/decisions/0138 and 0139): the
// package's checklist and the before and after photos.
// - packages.checklist: the package's steps, in order (at most 30, each one
//   line of at most 120 characters, no two alike: app/lib/price-book.ts).
// - job_checklist_steps: a job's own copy of its package's steps, made when
//   the job is booked from the price book (or when someone at the job picks a
//   package), so that an edit of the price book never changes the list under
//   a job; each ticked step says who ticked it and when.
// - job_work_posts: every field-work post that stored something, by the
//   idempotency key its form carried (client_key, shaped as payments'): a
//   second post with the same key finds it taken (INSERT … ON CONFLICT DO
//   NOTHING) and stores nothing.
//   (Every table here has an `id`: the trash keeps a lead's jobs' rows by it.)
// - job_photos: a post's before or after photos (uploads), who took them and
//   the post's key.
// - job_gallery_pairs: a before/after pair published to the gallery, with the
//   customer's consent as recorded by whom and when.
// Seeded packages (db/seed-content/price-book.ts, "price-book-v1") that have
// no steps yet get the steps below; on a new database (no packages yet) this
// finds none and the seed writes them. Live jobs booked online get their
// package's steps, found by the first line of their estimate ("Full Detail,
// Car or Coupe").

const SEEDED_STEPS: Record<string, string[]> = {
  "Full Detail": [
    "Walk around the vehicle with the customer",
    "Remove floor mats and personal items",
    "Vacuum seats, carpets and trunk",
    "Steam and shampoo seats, carpets and mats",
    "Clean and dress dashboard, console and door panels",
    "Clean windows and mirrors inside and out",
    "Hand wash and decontaminate the paint",
    "Clean wheels and tires; dress the tires",
    "Apply paint protection",
    "Final walk-around with the customer",
  ],
  "Interior Detail": [
    "Walk around the vehicle with the customer",
    "Remove floor mats and personal items",
    "Vacuum seats, carpets and trunk",
    "Steam and shampoo seats, carpets and mats",
    "Clean and dress dashboard, console and door panels",
    "Clean windows and mirrors inside",
    "Final walk-around with the customer",
  ],
  "Exterior Wash & Wax": [
    "Walk around the vehicle with the customer",
    "Rinse and foam pre-wash",
    "Two-bucket hand wash",
    "Clay bar decontamination",
    "Clean wheels and tires; dress the tires",
    "Dry and apply carnauba wax",
    "Clean windows and mirrors outside",
    "Final walk-around with the customer",
  ],
  "Paint Correction": [
    "Walk around the vehicle with the customer",
    "Wash and decontaminate the paint",
    "Measure paint thickness and mark the defects",
    "Tape off trim and rubber",
    "Compound the defects",
    "Polish to a high gloss",
    "Panel wipe and inspect under a light",
    "Apply paint protection",
    "Final walk-around with the customer",
  ],
  "Ceramic Coating": [
    "Walk around the vehicle with the customer",
    "Wash and decontaminate the paint",
    "Machine polish the paint",
    "Panel wipe before coating",
    "Apply the coating panel by panel",
    "Level and buff off high spots",
    "Explain cure time and aftercare to the customer",
  ],
  "Boat Wash & Wax": [
    "Walk around the boat with the customer",
    "Rinse hull and deck",
    "Hand wash hull and deck",
    "Clean the waterline",
    "Apply marine wax and buff",
    "Clean vinyl and chrome",
    "Final walk-around with the customer",
  ],
  "Hull & Deck Cleaning": [
    "Walk around the boat with the customer",
    "Rinse hull and deck",
    "Remove waterline scum",
    "Lift stains from the hull",
    "Scrub the non-skid deck",
    "Rinse and dry",
    "Final walk-around with the customer",
  ],
  "Oxidation Removal": [
    "Walk around the boat with the customer",
    "Wash and dry the gel coat",
    "Test spot to judge the oxidation",
    "Compound the oxidised gel coat",
    "Polish to a shine",
    "Apply marine wax",
    "Final walk-around with the customer",
  ],
  "Marine Ceramic Coating": [
    "Walk around the boat with the customer",
    "Wash and decontaminate the gel coat",
    "Compound and polish the gel coat",
    "Panel wipe before coating",
    "Apply the marine ceramic coating",
    "Level and buff off high spots",
    "Explain cure time and aftercare to the customer",
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  // Each step one line (no control character), not blank, at most 120 characters; at most 30 steps.
  await sql`ALTER TABLE packages ADD COLUMN checklist text[] NOT NULL DEFAULT '{}'
    CONSTRAINT packages_checklist_check CHECK (
      cardinality(checklist) <= 30
      AND array_position(checklist, NULL) IS NULL
      AND NOT ('' = ANY (checklist))
      AND array_to_string(checklist, ' ') !~ '[[:cntrl:]]'
      AND array_to_string(checklist, chr(10)) !~ ('[^' || chr(10) || ']{121}'))`.execute(db);

  await sql`CREATE TABLE job_checklist_steps (
    id serial PRIMARY KEY,
    job_id integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    position smallint NOT NULL CHECK (position BETWEEN 1 AND 30),
    step text NOT NULL CHECK (step = btrim(step) AND step <> '' AND length(step) <= 120 AND step !~ '[[:cntrl:]]'),
    done_at timestamptz,
    done_by text,
    done_by_id integer REFERENCES users (id) ON DELETE SET NULL,
    CONSTRAINT job_checklist_steps_position_key UNIQUE (job_id, position),
    CONSTRAINT job_checklist_steps_step_key UNIQUE (job_id, step),
    CONSTRAINT job_checklist_steps_done_whole CHECK ((done_at IS NULL) = (done_by IS NULL))
  )`.execute(db);
  // A user's delete sets their id to NULL here (as on payments).
  await sql`CREATE INDEX job_checklist_steps_done_by_id_idx ON job_checklist_steps (done_by_id) WHERE done_by_id IS NOT NULL`.execute(db);

  await sql`CREATE TABLE job_work_posts (
    id serial PRIMARY KEY,
    client_key text NOT NULL CONSTRAINT job_work_posts_client_key_key UNIQUE CHECK (client_key ~ '^[A-Za-z0-9_-]{8,64}$'),
    job_id integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    intent text NOT NULL CHECK (intent IN ('checklist', 'photos')),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  // A job's delete (and its lead's trash) takes its posts along.
  await sql`CREATE INDEX job_work_posts_job_idx ON job_work_posts (job_id)`.execute(db);

  await sql`CREATE TABLE job_photos (
    id serial PRIMARY KEY,
    job_id integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('before', 'after')),
    upload_name text NOT NULL REFERENCES uploads (name),
    client_key text NOT NULL REFERENCES job_work_posts (client_key) ON DELETE CASCADE,
    position smallint NOT NULL CHECK (position BETWEEN 1 AND 20),
    taken_by text NOT NULL,
    taken_by_id integer REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT job_photos_post_position_key UNIQUE (client_key, position)
  )`.execute(db);
  // The job page's and the customer's page's photos, before then after, in the order taken.
  await sql`CREATE INDEX job_photos_job_idx ON job_photos (job_id, kind, id)`.execute(db);
  await sql`CREATE INDEX job_photos_taken_by_id_idx ON job_photos (taken_by_id) WHERE taken_by_id IS NOT NULL`.execute(db);

  await sql`CREATE TABLE job_gallery_pairs (
    id serial PRIMARY KEY,
    job_id integer NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    gallery_id integer REFERENCES gallery (id) ON DELETE SET NULL,
    before_photo_id integer NOT NULL REFERENCES job_photos (id) ON DELETE CASCADE,
    after_photo_id integer NOT NULL REFERENCES job_photos (id) ON DELETE CASCADE,
    consent_by text NOT NULL,
    consent_by_id integer REFERENCES users (id) ON DELETE SET NULL,
    consented_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT job_gallery_pairs_pair_key UNIQUE (before_photo_id, after_photo_id)
  )`.execute(db);
  await sql`CREATE INDEX job_gallery_pairs_job_idx ON job_gallery_pairs (job_id)`.execute(db);
  await sql`CREATE INDEX job_gallery_pairs_gallery_idx ON job_gallery_pairs (gallery_id) WHERE gallery_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX job_gallery_pairs_after_idx ON job_gallery_pairs (after_photo_id)`.execute(db);
  await sql`CREATE INDEX job_gallery_pairs_consent_by_id_idx ON job_gallery_pairs (consent_by_id) WHERE consent_by_id IS NOT NULL`.execute(db);

  for (const [name, steps] of Object.entries(SEEDED_STEPS)) {
    await sql`UPDATE packages SET checklist = ${steps}::text[] WHERE lower(name) = lower(${name}) AND checklist = '{}'`.execute(db);
  }
  // Live jobs booked online: their package is the first line of their estimate, "{package}, {vehicle class}".
  await sql`INSERT INTO job_checklist_steps (job_id, position, step)
    SELECT j.id, s.position, s.step
    FROM jobs j
    CROSS JOIN LATERAL (SELECT l.description FROM estimate_lines l WHERE l.estimate_id = j.estimate_id ORDER BY l.position LIMIT 1) first
    CROSS JOIN LATERAL (SELECT p.checklist FROM packages p WHERE starts_with(first.description, p.name || ', ') ORDER BY length(p.name) DESC LIMIT 1) pack
    CROSS JOIN LATERAL unnest(pack.checklist) WITH ORDINALITY AS s(step, position)
    WHERE j.source = 'online_booking' AND j.status IN ('scheduled', 'on_the_way', 'in_progress')
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE job_gallery_pairs`.execute(db);
  await sql`DROP TABLE job_photos`.execute(db);
  await sql`DROP TABLE job_work_posts`.execute(db);
  await sql`DROP TABLE job_checklist_steps`.execute(db);
  await sql`ALTER TABLE packages DROP COLUMN checklist`.execute(db);
}
