// Test helpers other workspaces' tests share (`@pitlane/ui/testing`); never imported by the product.
export { isDarkPage, resetThemePage, stubSystemTheme, themeColors } from './theme-page.ts';
