/** Words the sandbox builds its sample profiles from (all invented; any likeness is chance). */

export const FIRST_NAMES = [
  'Anna',
  'Luca',
  'Sofia',
  'Marco',
  'Giulia',
  'Lena',
  'Jonas',
  'Emma',
  'Noah',
  'Chloé',
  'Hugo',
  'Lucía',
  'Mateo',
  'Inès',
  'Finn',
  'Maja',
  'Oskar',
  'Elin',
  'Lars',
  'Freya',
  'Tomás',
  'Marta',
  'Jakub',
  'Zofia',
  'Liam',
  'Olivia',
  'Ethan',
  'Ava',
  'Mila',
  'Leon',
  'Nora',
  'Elias',
  'Clara',
  'Matteo',
  'Alice',
  'Paul',
] as const;

export const LAST_NAMES = [
  'Rossi',
  'Bianchi',
  'Müller',
  'Schmidt',
  'Dubois',
  'Laurent',
  'García',
  'Martín',
  'de Vries',
  'Jansen',
  'Peeters',
  'Gruber',
  'Silva',
  'Costa',
  'Meier',
  'Lindqvist',
  'Nielsen',
  'Hansen',
  'Virtanen',
  'Nowak',
  'Novák',
  'Walker',
  'Brooks',
  'Tremblay',
  'Moreau',
  'Ferrari',
  'Romano',
  'Keller',
  'Berg',
  'Kowalski',
] as const;

/** Topics: each has the words its accounts use, the categories they pick and the bio lines they write. */
export const TOPICS = [
  {
    words: ['travel', 'wander', 'trip', 'explore', 'journey', 'nomad'],
    categories: ['Travel Blogger', 'Digital Creator', 'Travel Agency'],
    bios: ['Chasing sunsets across Europe 🌍', 'Slow travel & hidden gems', 'Guides, maps and honest tips'],
  },
  {
    words: ['food', 'bake', 'bakery', 'pasta', 'chef', 'kitchen', 'coffee', 'vegan'],
    categories: ['Bakery', 'Restaurant', 'Chef', 'Food & Beverage Company'],
    bios: [
      'Fresh bread every morning 🥖',
      'Seasonal recipes from a small kitchen',
      'Coffee, cake & good company',
    ],
  },
  {
    words: ['fit', 'fitness', 'yoga', 'run', 'gym', 'coach', 'health'],
    categories: ['Fitness Trainer', 'Gym/Physical Fitness Centre', 'Health/Beauty', 'Coach'],
    bios: ['Strong body, calm mind 💪', 'Online coaching for busy people', 'Yoga classes in town and online'],
  },
  {
    words: ['style', 'fashion', 'wear', 'vintage', 'boutique', 'shop'],
    categories: ['Clothing (Brand)', 'Boutique Store', 'Fashion Model', 'Shopping & Retail'],
    bios: [
      'Handmade in small batches',
      'Vintage finds, shipped worldwide 📦',
      'Sustainable wardrobe essentials',
    ],
  },
  {
    words: ['photo', 'studio', 'film', 'lens', 'art', 'design', 'creative'],
    categories: ['Photographer', 'Artist', 'Graphic Designer', 'Interior Design Studio'],
    bios: ['Weddings & portraits 📷', 'Light, colour and quiet places', 'Design studio for brands that care'],
  },
  {
    words: ['beauty', 'skin', 'makeup', 'hair', 'nails', 'glow'],
    categories: ['Beauty, Cosmetic & Personal Care', 'Hair Salon', 'Makeup Artist'],
    bios: ['Clean skincare, real results ✨', 'Bridal makeup & lessons', 'Your neighbourhood salon'],
  },
  {
    words: ['music', 'band', 'dj', 'sound', 'beats', 'piano'],
    categories: ['Musician/Band', 'Music Producer', 'Artist'],
    bios: ['New single out now 🎶', 'Live sets every weekend', 'Piano lessons and covers'],
  },
  {
    words: ['tech', 'code', 'startup', 'digital', 'marketing', 'growth'],
    categories: ['Entrepreneur', 'Marketing Agency', 'Software Company', 'Consulting Agency'],
    bios: ['Helping small brands grow online 📈', 'Building tools for creators', 'Growth tips, weekly'],
  },
] as const;

/** The spec's countries, in its order (sandbox profiles pick one by index, so the order is part of their output). */
export { COUNTRIES } from '@prospector/contracts';

export const MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Date(Date.UTC(2000, month)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }),
);

/** Words joined to a keyword to make plausible handles. */
export const HANDLE_WORDS = [
  'daily',
  'studio',
  'club',
  'life',
  'lab',
  'house',
  'co',
  'world',
  'diaries',
  'hq',
  'official',
  'collective',
  'corner',
  'notes',
  'atelier',
  'project',
  'by.anna',
  'with.luca',
  'stories',
  'society',
] as const;

export const EMAIL_MAILBOXES = ['hello', 'info', 'contact', 'collab', 'bookings', 'team', 'studio'] as const;
