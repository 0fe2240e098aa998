export { checkImportDocument, formatCounts, type ImportSummary, importDocument } from './import-document';
export { ImportError } from './import-error';
