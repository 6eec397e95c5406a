// First-start content, seeded once by db/seed.ts ("care-guides-v1"): after that it
// lives in the database, where the owner edits it; changing this file changes
// only new databases (docs/decisions/0011-content-seeded-once.md).
// Contact details are written as {phone}, {email}, {business_name} and
// {service_area}: the pages fill in the current settings
// (app/server/placeholders.server.ts), so a changed number changes here too.

export interface SeedCareGuide {
  title: string;
  slug: string;
  summary: string;
  /** Rich text as the dashboard's editor writes it (Quill 2: bullet lists are <ol> with data-list). */
  body: string;
}

const bullets = (items: string[]) => `<ol>${items.map((item) => `<li data-list="bullet">${item}</li>`).join("")}</ol>`;

// The FAQ's "Read our care guides" leads here (seeded once as "care-guides-v1",
// published). The facts are the FAQ's: 12-24 hours to cure, no harsh washes
// for 24 hours, a coating lasts 2-9 years, boats detailed at least once a season.
export const careGuides: SeedCareGuide[] = [
  {
    title: "Caring for Your Ceramic Coating",
    slug: "ceramic-coating-care",
    summary:
      "Keep a ceramic coating glossy and beading for years: the first day, how to wash, getting through a West Michigan winter and what to avoid.",
    body: [
      "<p>A ceramic coating is a hard, glossy layer bonded to your paint. It sheds water and dirt and makes washing easier, but it is not a force field: how you treat it decides whether it lasts two years or nine. Here is how to get the most out of yours.</p>",
      "<h2>The first day</h2>",
      "<p>The coating needs <strong>12-24 hours</strong> to cure. During that time keep the vehicle dry: park it in a garage if you can, out of the rain and away from sprinklers. If a bird or a tree drops something on it, dab it off gently with a clean, damp microfiber towel. Keep away from automatic and other harsh washes for at least <strong>24 hours</strong>.</p>",
      "<h2>Washing, gently and often</h2>",
      "<p>Dirt left sitting on the paint dulls the gloss and clogs the coating, so a regular gentle wash does more than an occasional hard one. Every couple of weeks is a good rhythm while you drive the car daily.</p>",
      bullets([
        "Hand wash with a <strong>pH-neutral</strong> car soap. Degreasers, dish soap and strong pre-soaks wear the coating down.",
        "Use two buckets, one with soapy water and one to rinse the mitt, so the grit you lift off never goes back onto the paint.",
        "Wash in the shade on a cool surface, from the roof down, and leave the lower panels and wheels for last.",
        "Dry with a clean microfiber towel or a blower. Water left to dry in the sun leaves spots.",
        "Skip waxes and polishes: they sit on top of the coating and hide its beading.",
      ]),
      "<h2>Getting through a West Michigan winter</h2>",
      "<p>Road salt and brine are the hardest test a coating faces around Grand Rapids. The coating keeps salt from bonding to the paint, but only if the salt comes off. Whenever the temperature climbs above freezing, rinse the car, paying attention to the rocker panels, the lower doors and the wheel wells. A touchless rinse is better than leaving the salt on all week; brush washes are not, as their brushes drag grit across the paint.</p>",
      "<h2>When it needs us</h2>",
      "<p>Water should bead up and sheet off. If it stops doing that after a wash, the surface is usually just contaminated with road film, not worn out. A maintenance detail every <strong>3-6 months</strong> cleans and tops up the coating so it keeps protecting the paint for its full life of <strong>2-9 years</strong>, depending on the coating and how the vehicle is cared for.</p>",
      "<p>Questions about your coating? Call or text us at {phone} or e-mail {email}. {business_name} comes to you anywhere in {service_area}.</p>",
    ].join(""),
  },
  {
    title: "Winterizing Your Boat's Gel Coat",
    slug: "winterizing-boat-gel-coat",
    summary:
      "Before your boat comes out of the water for a Michigan winter: clean, protect and cover the gel coat so it comes back bright in spring, not chalky.",
    body: [
      "<p>In West Michigan most boats spend five or six months out of the water, on a trailer, a rack or a cradle. What you do in the fall decides whether the gel coat comes out in spring bright and smooth or faded, chalky and stained. Gel coat is porous: whatever is left on it in October has all winter to soak in.</p>",
      "<h2>Clean it before you cover it</h2>",
      "<p>Wash the hull and deck as soon as the boat comes out, while the waterline scum is still soft. Lake Michigan and the inland lakes both leave a brown line at the waterline that gets much harder to lift once it has dried for a few weeks.</p>",
      bullets([
        "Wash with a marine soap made for gel coat, not household cleaners, which strip wax and dry out vinyl.",
        "Take the waterline stain off with a cleaner made for it, then rinse well with fresh water.",
        "Clean and dry the vinyl and upholstery, and open the lockers to air them: trapped moisture grows mildew over the winter.",
        "Let everything dry completely before any cover goes on.",
      ]),
      "<h2>Protect the gel coat</h2>",
      "<p>Clean gel coat still needs a barrier. A coat of marine wax seals the pores against the grime and moisture of a long storage season; a marine-grade ceramic coating does the same for years rather than months. If the hull already looks dull or chalky, that is oxidation: compounding and polishing it before storage means you start next season with a bright, glossy boat instead of a restoration job.</p>",
      "<p>That is why we recommend a detail <strong>at least once per season</strong>, and why many owners book theirs just before storage.</p>",
      "<h2>Cover it so snow cannot sit on it</h2>",
      bullets([
        "Shrink wrap or a fitted cover with a frame, so snow and rain run off instead of pooling.",
        "Vents in the cover: a sealed boat sweats, and the damp stains gel coat and mildews vinyl.",
        "Padding wherever the cover or its straps touch the hull, so a winter of wind does not rub the finish dull.",
        "A look after every heavy snow, clearing what has piled up before its weight stretches the cover.",
      ]),
      "<h2>In the spring</h2>",
      "<p>Before launch, wash off the winter's dust, look the hull over for stress cracks or chips, and top up the wax. The better the fall care, the less there is to do.</p>",
      "<p>We come to your home, dock, marina or storage yard; all we need is electrical power and water within reach of the boat. To book a detail before storage, call or text {business_name} at {phone} or e-mail {email}.</p>",
    ].join(""),
  },
];
