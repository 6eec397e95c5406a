/**
 * Makes public/images/og-default.jpg, the site's link-preview image (og:image,
 * twitter:image; 1200x630), from an SVG in the brand's colours. Run once and
 * commit the result (`npx tsx scripts/og-default-image.ts`); run again only to
 * change the picture. The text is drawn with the machine's fonts (DejaVu or
 * Liberation Sans on Debian), which is why the JPEG, not this script, is what
 * the site serves.
 */
import path from "node:path";
import sharp from "sharp";

const out = path.resolve(import.meta.dirname, "../public/images/og-default.jpg");
const ink = "#0b1220";
const brand = "#0e8de9";
const brandLight = "#38a7f8";

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <radialGradient id="glow" cx="0.85" cy="0.1" r="0.7">
      <stop offset="0" stop-color="${brand}" stop-opacity="0.55"/>
      <stop offset="1" stop-color="${brand}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shine" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${brandLight}"/>
      <stop offset="1" stop-color="#ffffff"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="${ink}"/>
  <rect width="1200" height="630" fill="url(#glow)"/>
  <g font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif">
    <text x="90" y="150" font-size="30" font-weight="700" letter-spacing="6" fill="${brandLight}">MOBILE DETAILING · GRAND RAPIDS, MI</text>
    <text x="86" y="290" font-size="118" font-weight="800" fill="#ffffff">Shine On Wheels</text>
    <rect x="90" y="330" width="420" height="8" rx="4" fill="url(#shine)"/>
    <text x="90" y="430" font-size="44" fill="#cbd5e1">Showroom shine for your car &amp; boat,</text>
    <text x="90" y="490" font-size="44" fill="#cbd5e1">delivered to your driveway or dock.</text>
    <text x="90" y="570" font-size="30" font-weight="700" fill="${brandLight}">Free quotes · Cars · Boats · Ceramic coating</text>
  </g>
</svg>`;

const info = await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toFile(out);
console.log(`${out}: ${info.width}x${info.height}, ${info.size} bytes`);
