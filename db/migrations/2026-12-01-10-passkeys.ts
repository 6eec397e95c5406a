import { sql, type Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after it has run.
// Passkeys for staff (WebAuthn, docs/decisions/0134):
// - passkeys: one row per credential a person registered: its id and public
//   key as the authenticator gave them (base64url), the signature counter,
//   the transports the browser reported, a name to tell it apart, the user
//   handle the authenticator keeps (one per user, random, shared by their
//   passkeys), and when it was added and last used. A user's delete deletes them.
// - passkey_challenges: the challenges handed out, each used once and for a
//   few minutes: to add a passkey (bound to the session that asked, gone with
//   it, and holding the user handle the new passkey gets) or to sign in
//   (bound to nothing but itself: the signed answer names it).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE passkeys (
    id serial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    credential_id text NOT NULL UNIQUE CHECK (length(credential_id) BETWEEN 16 AND 1400 AND credential_id ~ '^[A-Za-z0-9_-]+$'),
    public_key text NOT NULL CHECK (length(public_key) BETWEEN 1 AND 4000),
    counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
    transports text[] NOT NULL DEFAULT '{}',
    user_handle text NOT NULL CHECK (length(user_handle) BETWEEN 1 AND 100),
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz
  )`.execute(db);
  // The account page's list of one's passkeys, oldest first.
  await sql`CREATE INDEX passkeys_user_id_idx ON passkeys (user_id, created_at)`.execute(db);

  await sql`CREATE TABLE passkey_challenges (
    challenge text PRIMARY KEY CHECK (challenge ~ '^[A-Za-z0-9_-]{32,128}$'),
    purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in')),
    session_id text REFERENCES sessions (id) ON DELETE CASCADE,
    user_id integer REFERENCES users (id) ON DELETE CASCADE,
    user_handle text CHECK (length(user_handle) BETWEEN 1 AND 100),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    CONSTRAINT passkey_challenges_register_bound CHECK (purpose <> 'register' OR (session_id IS NOT NULL AND user_id IS NOT NULL AND user_handle IS NOT NULL))
  )`.execute(db);
  // The clean-up of challenges nobody used.
  await sql`CREATE INDEX passkey_challenges_expires_at_idx ON passkey_challenges (expires_at)`.execute(db);
  // A session's delete (sign-out) finds its challenges.
  await sql`CREATE INDEX passkey_challenges_session_id_idx ON passkey_challenges (session_id) WHERE session_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX passkey_challenges_user_id_idx ON passkey_challenges (user_id) WHERE user_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE passkey_challenges`.execute(db);
  await sql`DROP TABLE passkeys`.execute(db);
}
