import { SITE_FACTS } from "../../app/lib/business";
import type { FaqCategory } from "../../app/lib/faq-categories";

// First-start content, seeded once by db/seed.ts ("public-content-v1"): after that it
// lives in the database, where the owner edits it; changing this file changes
// only new databases (docs/decisions/0011-content-seeded-once.md).
// Contact details are written as {phone}, {email}, {business_name} and
// {service_area}: the pages fill in the current settings
// (app/server/placeholders.server.ts), so a changed number changes here too.

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
