/**
 * The three screens the review surface is checked on: a tablet in portrait (the project's
 * own 820×1180), the same tablet in landscape, and a phone (Pixel 7, with touch).
 */
import { devices } from '@playwright/test';

const { defaultBrowserType: _browser, ...PIXEL_7 } = devices['Pixel 7'];

export const SIZES = [
  { name: 'tablet portrait', use: {} },
  {
    name: 'tablet landscape',
    use: { viewport: { width: 1180, height: 820 } },
    buttonsBeside: true,
  },
  { name: 'phone', use: PIXEL_7 },
];
