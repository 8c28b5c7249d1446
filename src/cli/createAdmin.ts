/**
 * npm run create-admin -- --email <email> --password <password>
 * Creates a staff admin, or makes an existing user an admin with the new password.
 */
import './cliEnv'

import { cliOptions, runTask, UsageError } from './run'

const MIN_PASSWORD = 12
const usage = `usage: npm run create-admin -- --email <email> --password <password, ${MIN_PASSWORD} characters or more>`

await runTask(
  () => {
    const values = cliOptions({ email: { type: 'string' }, password: { type: 'string' } }, usage)
    const email = values.email?.trim().toLowerCase()
    const password = values.password
    if (!email || !password) throw new UsageError(usage)
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      throw new UsageError(`"${email}" is not an e-mail address\n${usage}`)
    if (password.length < MIN_PASSWORD)
      throw new UsageError(`the password must have ${MIN_PASSWORD} characters or more`)
    return { email, password }
  },
  async (payload, { email, password }) => {
    const existing = await payload.find({
      collection: 'users',
      limit: 1,
      where: { email: { equals: email } },
    })
    const user = existing.docs[0]
      ? await payload.update({
          collection: 'users',
          data: { password, role: 'admin' },
          id: existing.docs[0].id,
        })
      : await payload.create({ collection: 'users', data: { email, password, role: 'admin' } })
    return { created: !existing.docs[0], email: user.email, id: user.id, role: user.role }
  },
)
