/** Spec §2.10, the members this build computes (all optional in the spec). */
export interface Branding {
  colorScheme: 'light' | 'dark';
  logo: string | null;
  colors: Record<string, string>;
  fonts: { family: string }[];
  typography: {
    fontFamilies: { primary?: string; heading?: string; code?: string };
    fontSizes: { h1?: string; h2?: string; h3?: string; body?: string };
    fontWeights: { light?: number; regular?: number; medium?: number; bold?: number };
    lineHeights: { heading?: string; body?: string };
  };
  spacing: { baseUnit?: number; borderRadius?: string };
  components: {
    buttonPrimary?: { background: string; textColor: string; borderRadius: string };
    buttonSecondary?: { background: string; textColor: string; borderColor: string; borderRadius: string };
    input?: { background: string; textColor: string; borderColor: string; borderRadius: string };
  };
  images: { logo?: string; favicon?: string; ogImage?: string };
}
