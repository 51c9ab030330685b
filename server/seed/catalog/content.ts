/** The demo shop's blog posts and FAQ, written by the seed. */
import type { BlogBlock } from '@adire/contracts';
import type { SeedBlogPost, SeedFaq } from '../../src/domains/catalog';

export type { SeedBlogPost, SeedFaq } from '../../src/domains/catalog';

const p = (text: string): BlogBlock => ({ type: 'paragraph', text });
const h = (text: string): BlogBlock => ({ type: 'heading', text });
const list = (...items: string[]): BlogBlock => ({ type: 'list', items });

export const BLOG_POSTS: SeedBlogPost[] = [
  {
    slug: 'how-to-keep-fresh-flowers-alive-in-lagos-heat',
    title: 'How to keep fresh flowers alive in the Lagos heat',
    excerpt: 'Five small habits that add days to a bouquet, even when the generator is off and the afternoon hits 34°C.',
    author: 'Funmi Adeyemi, head florist',
    publishedAt: '2025-03-04T09:00:00.000Z',
    tags: ['care', 'fresh flowers'],
    art: { scene: 'vase', palette: ['#ec6f9d', '#f6c1c9', '#fbfaf5'], accent: '#e6f2f5', flowers: ['rose', 'millionstar'], seed: 1101 },
    content: [
      p('Flowers drink fastest in the first day after they are cut and wrapped. In Lagos, where a room can pass 30°C by noon, that first day decides how long your bouquet lasts.'),
      h('Give them a fresh cut'),
      p('Trim 2 cm off every stem at an angle with a clean, sharp knife, then put them straight into water. A crushed stem cannot drink.'),
      h('Cool water, changed daily'),
      list('Use cool, clean water and the flower food in the sachet.', 'Change the water every day and rinse the vase.', 'Remove any leaves that sit below the waterline.'),
      h('Keep them out of the sun and the breeze of the AC'),
      p('Direct sun and the dry air straight from an air conditioner both wilt petals. A shaded corner of the living room is perfect.'),
      p('Follow these and roses give you a week, lilies up to ten days, and chrysanthemums often two weeks.'),
    ],
  },
  {
    slug: 'what-flower-colours-mean',
    title: 'What flower colours mean (and when to break the rules)',
    excerpt: 'Red for love, white for sympathy, yellow for friendship — a short guide to colour, and why your mum may still prefer pink.',
    author: 'Tobi Okonkwo',
    publishedAt: '2025-01-20T09:00:00.000Z',
    tags: ['guide', 'roses'],
    art: { scene: 'bouquet', palette: ['#d7263d', '#f7c948', '#fbfaf5', '#ec6f9d'], accent: '#c8a27a', flowers: ['rose', 'gerbera'], seed: 1102 },
    content: [
      p('Colours carry meaning, and a little knowledge helps a bouquet say exactly what you mean.'),
      list('Red: romantic love and passion — the classic for Valentine’s Day.', 'Pink: gratitude, admiration and gentleness — a favourite for mothers.', 'White: purity and remembrance — weddings and condolences.', 'Yellow: friendship and joy — perfect to say get well soon.', 'Orange: energy and enthusiasm — congratulations and new jobs.'),
      p('That said, the best colour is the one the person loves. If she wears lilac every Sunday, send lilac.'),
    ],
  },
  {
    slug: 'valentines-day-ordering-guide',
    title: "Valentine's Day ordering guide for Lagos and Abuja",
    excerpt: 'When to order, which slots fill first, and how forever roses solve the ‘I forgot’ problem.',
    author: 'Adire Blooms team',
    publishedAt: '2025-01-28T09:00:00.000Z',
    tags: ['valentine', 'delivery'],
    art: { scene: 'box', palette: ['#b3123a', '#d7263d', '#8e0e2b'], accent: '#1c1c1c', flowers: ['rose'], variant: 'heart', seed: 1103 },
    content: [
      p('Valentine’s Day is our busiest day of the year. Riders are out from 7am to 10pm across Lagos and Abuja, and morning slots are the first to go.'),
      h('Order early'),
      p('Place your order at least two days before to choose your slot. Same-day orders are still possible on the 14th, but we deliver them in the order they arrive.'),
      h('Forever roses travel anywhere'),
      p('Preserved roses need no water and ship nationwide, so they are the answer for anyone outside Lagos and Abuja.'),
    ],
  },
  {
    slug: 'sending-flowers-to-nigeria-from-abroad',
    title: 'Sending flowers to Nigeria from abroad',
    excerpt: 'Pay in pounds or dollars, pick a date, and we do the rest — how diaspora orders work.',
    author: 'Adire Blooms team',
    publishedAt: '2024-11-12T09:00:00.000Z',
    tags: ['diaspora', 'payments'],
    art: { scene: 'bundle', palette: ['#f48fb1', '#ec6f9d', '#f8bbd0'], accent: '#2e3a87', flowers: ['rose', 'millionstar'], extras: ['bottle'], seed: 1104 },
    content: [
      p('About a third of our orders come from the UK, the US and Canada. The shop switches to pounds or dollars based on where you are, and you can change it in the header.'),
      list('Pay by card in USD or GBP, by PayPal, or by bank transfer to our UK or US account.', 'Add a message: we handwrite it on a card.', 'We send a photo of the bouquet before it leaves the studio.'),
      p('Delivery is same-day in Lagos and Abuja for orders placed in time, and next-day to most other states.'),
    ],
  },
  {
    slug: 'choosing-sympathy-flowers',
    title: 'Choosing sympathy flowers with care',
    excerpt: 'Wreaths, standing sprays or a simple bouquet for the family home — what to send and where.',
    author: 'Funmi Adeyemi, head florist',
    publishedAt: '2024-09-02T09:00:00.000Z',
    tags: ['sympathy', 'guide'],
    art: { scene: 'wreath', palette: ['#fbfaf5', '#f1eee4', '#dcc6ec'], accent: '#f5f0e3', flowers: ['lily', 'chrysanthemum'], seed: 1105 },
    content: [
      p('When words are hard, flowers speak gently. White lilies and chrysanthemums are traditional; soft lilac and cream are equally fitting.'),
      list('To the service: a wreath or a standing spray.', 'To the family home: a hand-tied bouquet or a plant that lasts.', 'From colleagues: a larger arrangement with a shared card.'),
      p('Tell us the time and place of the service and we will make sure the flowers arrive before it starts.'),
    ],
  },
  {
    slug: 'indoor-plants-for-lagos-apartments',
    title: 'Six indoor plants that thrive in Lagos apartments',
    excerpt: 'Low light, high humidity and the odd week away: the plants that forgive all three.',
    author: 'Chidi Eze',
    publishedAt: '2024-07-15T09:00:00.000Z',
    tags: ['plants', 'care'],
    art: { scene: 'plant', palette: ['#2f6b3a', '#f3e6f5'], accent: '#c0643c', variant: 'monstera', seed: 1106 },
    content: [
      p('Plants make gifts that last for years. These six cope with humidity, low light and irregular watering.'),
      list('Snake plant', 'ZZ plant', 'Peace lily', 'Golden pothos', 'Monstera deliciosa', 'Aloe vera'),
      p('Water when the top few centimetres of soil are dry, and keep them out of the midday sun.'),
    ],
  },
];

export const FAQ_ENTRIES: SeedFaq[] = [
  { group: 'Ordering', question: 'How do I buy fresh flowers and gifts online in Lagos and Abuja?', answer: 'Choose a product, pick a size and design, add it to your cart, then set a delivery date and check out. You can pay by card, PayPal, bank transfer or bitcoin.' },
  { group: 'Ordering', question: 'Do I need an account to order?', answer: 'No. You can check out as a guest, and optionally create a free account at checkout to save your recipients and follow your orders.' },
  { group: 'Ordering', question: 'Can I add a personal message?', answer: 'Yes. Write it in the message box at checkout and we handwrite it on a card that goes with your gift.' },
  { group: 'Delivery', question: 'Do you deliver on the same day?', answer: 'Yes, in Lagos and Abuja, for orders placed before the daily cut-off shown at checkout. Products marked “same-day delivery” are ready to go.' },
  { group: 'Delivery', question: 'Which areas do you deliver to?', answer: 'All of Lagos and Abuja, with fees by zone. Preserved roses, perfumes, chocolates, wine and other gifts marked “nationwide” go to every state.' },
  { group: 'Delivery', question: 'Can I pick up my order?', answer: 'Yes — choose pick-up at checkout and collect from our Ikoyi, Lekki or Abuja branch.' },
  { group: 'Delivery', question: 'What happens if the recipient is not home?', answer: 'Our rider calls the recipient and you. We can leave the gift with security or a neighbour, or redeliver later the same day.' },
  { group: 'Payment', question: 'Which currencies can I pay in?', answer: 'Naira, US dollars and British pounds. Prices convert at the rate shown in the currency selector.' },
  { group: 'Payment', question: 'How does bank transfer work?', answer: 'Choose a transfer option at checkout; we show the account details and confirm your order as soon as the payment arrives.' },
  { group: 'Products', question: 'Will my bouquet look exactly like the picture?', answer: 'Very close. Flowers are natural and seasonal, so we sometimes swap a stem for one of equal or higher value in the same colours.' },
  { group: 'Products', question: 'What is the difference between the designs?', answer: 'A wrapped bouquet is hand-tied in paper; “in vase” and “in large vase” come arranged in a glass vase (₦15,000 and ₦30,000 extra); a box arrangement is set in a keepsake box.' },
  { group: 'Products', question: 'How long do forever roses last?', answer: 'Preserved roses keep their colour and softness for one to three years, with no water. Keep them out of direct sun and humidity.' },
  { group: 'After your order', question: 'How do I track my order?', answer: 'Use the Track link in the menu with your order number, or open your order from the confirmation e-mail.' },
  { group: 'After your order', question: 'How do I leave a review?', answer: 'After delivery we send you a link to rate your order. Reviews appear on the product page.' },
];
