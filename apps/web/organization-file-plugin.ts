import type { Plugin } from 'vite';

/**
 * Writes the organization the build is for (VITE_ORGANIZATION_SLUG, '' for none) to organization.json beside
 * index.html. The API reads it to give a page its organization's Content-Security-Policy, the support chat's
 * origin (apps/api/src/http/spa.ts): the page's request names no organization, the build does.
 */
export function organizationFile(slug: string): Plugin {
  return {
    name: 'portal-organization-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'organization.json',
        source: `${JSON.stringify({ slug })}\n`,
      });
    },
  };
}
