// First-start content, seeded once by db/seed.ts ("public-content-v1"): after that it
// lives in the database, where the owner edits it; changing this file changes
// only new databases (docs/decisions/0011-content-seeded-once.md).

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
