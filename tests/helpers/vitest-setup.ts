// Test runs never send real mail unless a test points SMTP_URL at its own sink,
// and never read a developer's .env-style settings.
for (const name of ["SMTP_URL", "DATABASE_URL", "APP_URL", "ADMIN_EMAILS", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "TRUST_PROXY"]) {
  delete process.env[name];
}
