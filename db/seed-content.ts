import { SITE_FACTS } from "../app/lib/business";
import type { FaqCategory } from "../app/lib/faq-categories";
import type { ServiceIconName, ServiceKind } from "../app/lib/service-icons";

// The site's first-start content. After the first start it lives in the
// database and the owner edits it there; changing this file changes only new
// databases (see docs/decisions/0011-content-seeded-once.md).
// Contact details are written as {phone}, {email}, {business_name} and
// {service_area}: the pages fill in the current settings
// (app/server/placeholders.server.ts), so a changed number changes here too.

export interface SeedTestimonial {
  name: string;
  text: string;
  rating: number;
  service: string;
  image: string;
}

export const testimonials: SeedTestimonial[] = [
  {
    name: "Sarah M.",
    service: "Headlight & Scratch Restoration",
    rating: 5,
    image: "/images/testimonial-sarah.svg",
    text: "My headlights were so yellow I could barely see at night, and a parking-lot scrape ran down the driver's door. Both look brand new now. I honestly can't believe the difference!",
  },
  {
    name: "Mike T.",
    service: "Full Vehicle Detail",
    rating: 5,
    image: "/images/testimonial-mike.svg",
    text: "After a long Michigan winter my SUV was a mess inside and out. The salt stains are gone, the interior smells fresh and the paint shines like the day I bought it. Worth every penny.",
  },
  {
    name: "Jennifer L.",
    service: "Convenient Service",
    rating: 5,
    image: "/images/testimonial-jennifer.svg",
    text: "They came to my office and detailed my car in the parking lot while I worked. No waiting rooms, no rides to arrange. Easy to book, on time and incredibly thorough.",
  },
];

export interface SeedFaq {
  category: FaqCategory;
  question: string;
  /** Markdown. */
  answer: string;
}

const nearby = SITE_FACTS.areaServed.filter((town) => town !== SITE_FACTS.locality);

export const faqs: SeedFaq[] = [
  // General Questions
  {
    category: "General Questions",
    question: "What areas do you serve?",
    answer: `We serve {service_area}, including ${nearby.slice(0, -1).join(", ")} and ${nearby.at(-1)}. Not sure if you're in range? Just ask.`,
  },
  {
    category: "General Questions",
    question: "Do I need to bring my car or boat anywhere?",
    answer:
      "No. We're a fully mobile service: we come to your home, office, dock or marina. All we need on site is access to **electrical power and water** within reach of your vehicle or boat.",
  },
  {
    category: "General Questions",
    question: "How do I book an appointment?",
    answer: `Call or text us at {phone}, e-mail {email}, or send the quote form on this page and we'll get back to you within 24 hours with a personalized quote.`,
  },
  // Car Detailing
  {
    category: "Car Detailing",
    question: "How long does a car detail take?",
    answer:
      "Most cars take **2-6 hours**, depending on the vehicle's size and condition and the services you choose. We'll give you a time estimate with your quote.",
  },
  {
    category: "Car Detailing",
    question: "How often should I get my car detailed?",
    answer:
      "We recommend a full detail every **3-6 months**. Regular detailing protects your paint and interior and keeps your vehicle's value up.",
  },
  {
    category: "Car Detailing",
    question: "What is paint correction?",
    answer:
      "Paint correction is machine polishing that removes swirl marks, light scratches and oxidation from the clear coat, restoring gloss and clarity. We often follow it with a sealant or ceramic coating to protect the result.",
  },
  // Boat Detailing
  {
    category: "Boat Detailing",
    question: "How long does a boat detail take?",
    answer:
      "Boats usually take **4-12 hours**, depending on length, condition and the services you choose.",
  },
  {
    category: "Boat Detailing",
    question: "How often should my boat be detailed?",
    answer:
      "At least **once per season**. Sun, water and grime are hard on gel coat and vinyl, so many owners also book a detail before storage.",
  },
  {
    category: "Boat Detailing",
    question: "Can you remove oxidation from my hull?",
    answer:
      "Yes. Oxidation removal and restoration brings back faded, chalky gel coat, and a marine-grade ceramic coating or polish afterwards keeps it protected.",
  },
  // Pricing & Scheduling
  {
    category: "Pricing & Scheduling",
    question: "How much does detailing cost?",
    answer:
      "Every vehicle and boat is different, so we quote each job individually: request a free quote and you'll have a personalized price within 24 hours. An **extra fee** may apply for heavy soiling (for example excessive pet hair, sand or mold); we'll tell you up front.",
  },
  {
    category: "Pricing & Scheduling",
    question: "What payment methods do you accept?",
    answer: "We accept **cash and cards**.",
  },
  {
    category: "Pricing & Scheduling",
    question: "What is your cancellation policy?",
    answer: "Please give us at least **24 hours' notice** if you need to cancel or reschedule your appointment.",
  },
  {
    category: "Pricing & Scheduling",
    question: "Do you offer any discounts?",
    answer:
      "Yes. We offer discounts for **recurring maintenance plans** and for **multiple vehicles** booked together, such as two family cars or your car and your boat.",
  },
  // Aftercare
  {
    category: "Aftercare",
    question: "How long does the protection last?",
    answer:
      "A paint sealant lasts about **6-8 months**. A ceramic coating lasts **2-9 years**, depending on the coating and how the vehicle is cared for.",
  },
  {
    category: "Aftercare",
    question: "What should I do right after a ceramic coating?",
    answer:
      "Give the coating **12-24 hours** to cure: keep the vehicle dry, out of the rain and away from sprinklers during that time.",
  },
  {
    category: "Aftercare",
    question: "When can I wash my vehicle after a detail?",
    answer:
      "Avoid automatic and other harsh washes for **24 hours** after your detail. After that, a gentle hand wash with a pH-neutral soap keeps the finish looking its best.",
  },
];

export interface SeedService {
  kind: ServiceKind;
  title: string;
  description: string;
  icon: ServiceIconName;
}

// The spec's car and boat service lists, in its order (seeded once as "services-v1").
export const services: SeedService[] = [
  {
    kind: "car",
    title: "Complete Interior & Exterior Detailing",
    icon: "sparkles",
    description:
      "A deep clean of every surface: vacuuming, steam and shampoo inside; hand wash, decontamination and protection outside.",
  },
  {
    kind: "car",
    title: "Professional Paint Corrections",
    icon: "paintbrush",
    description: "Machine polishing that removes swirl marks, light scratches and dullness to restore deep, clear gloss.",
  },
  {
    kind: "car",
    title: "Premium Ceramic Coating Application",
    icon: "shield-check",
    description: "A hard, glossy layer that sheds water and dirt and protects your paint for years, not weeks.",
  },
  {
    kind: "car",
    title: "Headlight Restoration",
    icon: "lightbulb",
    description: "Yellowed, hazy lenses made clear again, for better looks and safer driving at night.",
  },
  {
    kind: "car",
    title: "Engine Bay Detailing",
    icon: "wrench",
    description: "Careful degreasing and dressing that leaves the engine bay clean and protected.",
  },
  {
    kind: "boat",
    title: "Complete Hull & Deck Cleaning",
    icon: "waves",
    description: "Waterline scum, stains and grime lifted from hull and deck, leaving a clean, even finish.",
  },
  {
    kind: "boat",
    title: "Professional Wash & Wax",
    icon: "droplets",
    description: "A thorough hand wash followed by a marine wax that adds shine and a protective barrier.",
  },
  {
    kind: "boat",
    title: "Interior Cabin Detailing",
    icon: "armchair",
    description: "Cabins, consoles and storage cleaned and freshened from top to bottom.",
  },
  {
    kind: "boat",
    title: "Oxidation Removal & Restoration",
    icon: "sun",
    description: "Chalky, faded gel coat compounded and polished back to a bright, glossy finish.",
  },
  {
    kind: "boat",
    title: "Marine-Grade Ceramic Coating",
    icon: "shield-check",
    description: "Long-lasting protection against UV, water spots and salt, made for life on the water.",
  },
  {
    kind: "boat",
    title: "Gel Coat Polishing & Protection",
    icon: "gem",
    description: "Polishing that deepens color and gloss, sealed to keep the sun from dulling it again.",
  },
  {
    kind: "boat",
    title: "Vinyl & Upholstery Cleaning",
    icon: "spray-can",
    description: "Seats and upholstery cleaned of mildew and stains, then conditioned against cracking and fading.",
  },
];

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
