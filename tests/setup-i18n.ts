// Unit tests render components and call translate() outside a request: load both catalogues.
import '#shared/i18n/catalogs.server.ts'
