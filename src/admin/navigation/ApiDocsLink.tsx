/**
 * "API docs" after the collections in the admin UI's navigation: the service's Swagger UI and its
 * OpenAPI document (src/openapi/routes.ts), opened in a new tab so the admin UI stays where it is.
 */
import { NavGroup } from '@payloadcms/ui'
import type { Payload } from 'payload'
import React from 'react'

export const ApiDocsLink = ({ payload }: { payload: Payload }) => {
  const api = payload.config.routes.api
  const links = [
    { href: `${api}/docs`, label: 'API docs' },
    { href: `${api}/openapi.json`, label: 'OpenAPI document' },
  ]
  return (
    <NavGroup isOpen label="Developers">
      {links.map(({ href, label }) => (
        <a className="nav__link" href={href} key={href} rel="noopener" target="_blank">
          <span className="nav__link-label">{label}</span>
        </a>
      ))}
    </NavGroup>
  )
}
