import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The dealership on the row, kept by the database in the transaction of each write, whatever path
 * the write took (Payload, the ADF intake's batched inserts, a merge):
 * - a lead's and a deal's `dealership` is their location's company; a lead event's, VDP e-mail's
 *   and do-not-contact request's is their lead's (each follows when the one above it moves);
 * - a lead adds its dealership to its consumer, a deal to its customers (a record in the trash
 *   still counts);
 * - a consumer's or customer's dealerships reach its addresses; a consumer's reach the credit
 *   records the house made for it (credit apps it is on, pre-approvals, their credit reports), and
 *   a house credit app's reach both of its applicants. A credit record a dealer made (`made_at`)
 *   stays that dealership's alone.
 * Dealerships are only ever added here; a staff admin removes one by hand. The triggers that
 * react to a row (not to a relation row) run at commit, after Payload has rewritten the record's
 * relation rows from what it read.
 */
const TRIGGERS = sql`
CREATE FUNCTION commerce_add_dealership(rels text, parent varchar, company varchar)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF parent IS NULL OR company IS NULL THEN RETURN; END IF;
  EXECUTE format(
    'INSERT INTO %I ("order", parent_id, path, company_id)
     SELECT coalesce(max("order"), 0) + 1, $1, ''dealerships'', $2 FROM %I
     WHERE parent_id = $1 AND path = ''dealerships''
     HAVING count(*) FILTER (WHERE company_id = $2) = 0', rels, rels)
  USING parent, company;
END $$;

CREATE FUNCTION commerce_located_dealership() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'lead' THEN
    NEW.dealership_id := (SELECT company_id_id FROM location WHERE id = NEW.location_id);
  ELSIF TG_TABLE_NAME = 'deal' THEN
    NEW.dealership_id := (SELECT company_id_id FROM location WHERE id = NEW.dealer_location_id);
  ELSE
    NEW.dealership_id := (SELECT dealership_id FROM lead WHERE id = NEW.lead_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER commerce_dealership BEFORE INSERT OR UPDATE ON lead
  FOR EACH ROW EXECUTE FUNCTION commerce_located_dealership();
CREATE TRIGGER commerce_dealership BEFORE INSERT OR UPDATE ON deal
  FOR EACH ROW EXECUTE FUNCTION commerce_located_dealership();
CREATE TRIGGER commerce_dealership BEFORE INSERT OR UPDATE ON lead_events
  FOR EACH ROW EXECUTE FUNCTION commerce_located_dealership();
CREATE TRIGGER commerce_dealership BEFORE INSERT OR UPDATE ON vdp_emails
  FOR EACH ROW EXECUTE FUNCTION commerce_located_dealership();
CREATE TRIGGER commerce_dealership BEFORE INSERT OR UPDATE ON do_not_contact
  FOR EACH ROW EXECUTE FUNCTION commerce_located_dealership();

CREATE FUNCTION commerce_location_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lead SET dealership_id = NEW.company_id_id
    WHERE location_id = NEW.id AND dealership_id IS DISTINCT FROM NEW.company_id_id;
  UPDATE deal SET dealership_id = NEW.company_id_id
    WHERE dealer_location_id = NEW.id AND dealership_id IS DISTINCT FROM NEW.company_id_id;
  RETURN NULL;
END $$;
CREATE TRIGGER commerce_location_moved AFTER UPDATE OF company_id_id ON location
  FOR EACH ROW WHEN (OLD.company_id_id IS DISTINCT FROM NEW.company_id_id)
  EXECUTE FUNCTION commerce_location_moved();

CREATE FUNCTION commerce_lead_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lead_events SET dealership_id = NEW.dealership_id
    WHERE lead_id = NEW.id AND dealership_id IS DISTINCT FROM NEW.dealership_id;
  UPDATE vdp_emails SET dealership_id = NEW.dealership_id
    WHERE lead_id = NEW.id AND dealership_id IS DISTINCT FROM NEW.dealership_id;
  UPDATE do_not_contact SET dealership_id = NEW.dealership_id
    WHERE lead_id = NEW.id AND dealership_id IS DISTINCT FROM NEW.dealership_id;
  RETURN NULL;
END $$;
CREATE TRIGGER commerce_lead_moved AFTER UPDATE ON lead
  FOR EACH ROW WHEN (OLD.dealership_id IS DISTINCT FROM NEW.dealership_id)
  EXECUTE FUNCTION commerce_lead_moved();

CREATE FUNCTION commerce_grant_named() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'lead' THEN
    PERFORM commerce_add_dealership('consumer_rels', consumer_id, dealership_id)
      FROM lead WHERE id = NEW.id;
  ELSE
    PERFORM commerce_add_dealership('customer_rels', c.id, d.dealership_id)
      FROM deal d
        CROSS JOIN LATERAL (VALUES (d.customer_id), (d.co_buyer_or_co_seller_customer_id)) c(id)
      WHERE d.id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER commerce_grant_named AFTER INSERT OR UPDATE ON lead
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION commerce_grant_named();
CREATE CONSTRAINT TRIGGER commerce_grant_named AFTER INSERT OR UPDATE ON deal
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION commerce_grant_named();

CREATE FUNCTION commerce_credit_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'credit_app' THEN
    PERFORM commerce_add_dealership('credit_app_rels', a.id, coalesce(a.made_at_id, r.company_id))
      FROM credit_app a LEFT JOIN consumer_rels r ON a.made_at_id IS NULL
        AND r.path = 'dealerships' AND r.parent_id IN (a.consumer_id, a.co_applicant_consumer_id)
      WHERE a.id = NEW.id;
  ELSIF TG_TABLE_NAME = 'pre_approval' THEN
    PERFORM commerce_add_dealership('pre_approval_rels', p.id, coalesce(p.made_at_id, r.company_id))
      FROM pre_approval p LEFT JOIN consumer_rels r ON p.made_at_id IS NULL
        AND r.path = 'dealerships' AND r.parent_id = p.consumer_id
      WHERE p.id = NEW.id;
  ELSE
    PERFORM commerce_add_dealership('credit_report_rels', c.id, coalesce(c.made_at_id, r.company_id))
      FROM credit_report c LEFT JOIN pre_approval_rels r ON c.made_at_id IS NULL
        AND r.path = 'dealerships' AND r.parent_id = c.pre_approval_id
      WHERE c.id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER commerce_credit_follows AFTER INSERT OR UPDATE ON credit_app
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION commerce_credit_follows();
CREATE CONSTRAINT TRIGGER commerce_credit_follows AFTER INSERT OR UPDATE ON pre_approval
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION commerce_credit_follows();
CREATE CONSTRAINT TRIGGER commerce_credit_follows AFTER INSERT OR UPDATE ON credit_report
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION commerce_credit_follows();

CREATE FUNCTION commerce_dealership_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('consumer_rels', 'customer_rels') AND NEW.path = 'addresses' THEN
    EXECUTE format('SELECT commerce_add_dealership(''address_rels'', $1, company_id) FROM %I
      WHERE parent_id = $2 AND path = ''dealerships''', TG_TABLE_NAME)
      USING NEW.address_id, NEW.parent_id;
    RETURN NULL;
  END IF;
  IF NEW.path <> 'dealerships' THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME IN ('consumer_rels', 'customer_rels') THEN
    EXECUTE format('SELECT commerce_add_dealership(''address_rels'', address_id, $1) FROM %I
      WHERE parent_id = $2 AND path = ''addresses''', TG_TABLE_NAME)
      USING NEW.company_id, NEW.parent_id;
  END IF;
  IF TG_TABLE_NAME = 'consumer_rels' THEN
    PERFORM commerce_add_dealership('credit_app_rels', id, NEW.company_id) FROM credit_app
      WHERE made_at_id IS NULL
        AND (consumer_id = NEW.parent_id OR co_applicant_consumer_id = NEW.parent_id);
    PERFORM commerce_add_dealership('pre_approval_rels', id, NEW.company_id) FROM pre_approval
      WHERE made_at_id IS NULL AND consumer_id = NEW.parent_id;
  ELSIF TG_TABLE_NAME = 'credit_app_rels' THEN
    PERFORM commerce_add_dealership('consumer_rels', a.id, NEW.company_id)
      FROM credit_app c
        CROSS JOIN LATERAL (VALUES (c.consumer_id), (c.co_applicant_consumer_id)) a(id)
      WHERE c.id = NEW.parent_id AND c.made_at_id IS NULL;
  ELSIF TG_TABLE_NAME = 'pre_approval_rels' THEN
    PERFORM commerce_add_dealership('credit_report_rels', id, NEW.company_id) FROM credit_report
      WHERE made_at_id IS NULL AND pre_approval_id = NEW.parent_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER commerce_dealership_added AFTER INSERT ON consumer_rels
  FOR EACH ROW EXECUTE FUNCTION commerce_dealership_added();
CREATE TRIGGER commerce_dealership_added AFTER INSERT ON customer_rels
  FOR EACH ROW EXECUTE FUNCTION commerce_dealership_added();
CREATE TRIGGER commerce_dealership_added AFTER INSERT ON credit_app_rels
  FOR EACH ROW EXECUTE FUNCTION commerce_dealership_added();
CREATE TRIGGER commerce_dealership_added AFTER INSERT ON pre_approval_rels
  FOR EACH ROW EXECUTE FUNCTION commerce_dealership_added();
`

/**
 * Existing records get the reach the per-request query gave them: a lead's consumer, the other
 * applicant on that consumer's credit apps, those consumers' apps and pre-approvals, the reports
 * under those, a deal's customers, and those people's addresses. The triggers come after.
 */
const BACKFILL = sql`
UPDATE lead SET dealership_id = l.company_id_id FROM location l WHERE l.id = lead.location_id;
UPDATE deal SET dealership_id = l.company_id_id FROM location l WHERE l.id = deal.dealer_location_id;
UPDATE lead_events e SET dealership_id = l.dealership_id FROM lead l WHERE l.id = e.lead_id;
UPDATE vdp_emails e SET dealership_id = l.dealership_id FROM lead l WHERE l.id = e.lead_id;
UPDATE do_not_contact e SET dealership_id = l.dealership_id FROM lead l WHERE l.id = e.lead_id;
INSERT INTO consumer_rels ("order", parent_id, path, company_id)
  SELECT DISTINCT 1, consumer_id, 'dealerships', dealership_id FROM lead
  WHERE consumer_id IS NOT NULL AND dealership_id IS NOT NULL;
INSERT INTO consumer_rels ("order", parent_id, path, company_id)
  SELECT DISTINCT 1, o.id, 'dealerships', r.company_id FROM credit_app c
    JOIN consumer_rels r
      ON r.path = 'dealerships' AND r.parent_id IN (c.consumer_id, c.co_applicant_consumer_id)
    CROSS JOIN LATERAL (VALUES (c.consumer_id), (c.co_applicant_consumer_id)) o(id)
  WHERE o.id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM consumer_rels x
    WHERE x.parent_id = o.id AND x.path = 'dealerships' AND x.company_id = r.company_id);
INSERT INTO credit_app_rels ("order", parent_id, path, company_id)
  SELECT DISTINCT 1, c.id, 'dealerships', r.company_id FROM credit_app c
    JOIN consumer_rels r
      ON r.path = 'dealerships' AND r.parent_id IN (c.consumer_id, c.co_applicant_consumer_id);
INSERT INTO pre_approval_rels ("order", parent_id, path, company_id)
  SELECT DISTINCT 1, p.id, 'dealerships', r.company_id FROM pre_approval p
    JOIN consumer_rels r ON r.path = 'dealerships' AND r.parent_id = p.consumer_id;
INSERT INTO credit_report_rels ("order", parent_id, path, company_id)
  SELECT DISTINCT 1, c.id, 'dealerships', r.company_id FROM credit_report c
    JOIN pre_approval_rels r ON r.path = 'dealerships' AND r.parent_id = c.pre_approval_id;
INSERT INTO customer_rels ("order", parent_id, path, company_id)
  SELECT DISTINCT 1, c.id, 'dealerships', d.dealership_id FROM deal d
    CROSS JOIN LATERAL (VALUES (d.customer_id), (d.co_buyer_or_co_seller_customer_id)) c(id)
  WHERE c.id IS NOT NULL AND d.dealership_id IS NOT NULL;
INSERT INTO address_rels ("order", parent_id, path, company_id)
  SELECT 1, a.address_id, 'dealerships', d.company_id
  FROM consumer_rels a JOIN consumer_rels d ON d.parent_id = a.parent_id AND d.path = 'dealerships'
  WHERE a.path = 'addresses'
  UNION
  SELECT 1, a.address_id, 'dealerships', d.company_id
  FROM customer_rels a JOIN customer_rels d ON d.parent_id = a.parent_id AND d.path = 'dealerships'
  WHERE a.path = 'addresses';
`

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "credit_app_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"company_id" varchar
  );
  
  CREATE TABLE "_credit_app_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"company_id" varchar
  );
  
  CREATE TABLE "pre_approval_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"company_id" varchar
  );
  
  CREATE TABLE "credit_report_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"company_id" varchar
  );
  
  CREATE TABLE "address_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"company_id" varchar
  );
  
  ALTER TABLE "lead" ADD COLUMN "dealership_id" varchar;
  ALTER TABLE "lead_events" ADD COLUMN "dealership_id" varchar;
  ALTER TABLE "_lead_events_v" ADD COLUMN "version_dealership_id" varchar;
  ALTER TABLE "vdp_emails" ADD COLUMN "dealership_id" varchar;
  ALTER TABLE "_vdp_emails_v" ADD COLUMN "version_dealership_id" varchar;
  ALTER TABLE "do_not_contact" ADD COLUMN "dealership_id" varchar;
  ALTER TABLE "credit_app" ADD COLUMN "made_at_id" varchar;
  ALTER TABLE "_credit_app_v" ADD COLUMN "version_made_at_id" varchar;
  ALTER TABLE "pre_approval" ADD COLUMN "made_at_id" varchar;
  ALTER TABLE "credit_report" ADD COLUMN "made_at_id" varchar;
  ALTER TABLE "consumer_rels" ADD COLUMN "company_id" varchar;
  ALTER TABLE "_consumer_v_rels" ADD COLUMN "company_id" varchar;
  ALTER TABLE "deal" ADD COLUMN "dealership_id" varchar;
  ALTER TABLE "_deal_v" ADD COLUMN "version_dealership_id" varchar;
  ALTER TABLE "customer_rels" ADD COLUMN "company_id" varchar;
  ALTER TABLE "credit_app_rels" ADD CONSTRAINT "credit_app_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."credit_app"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "credit_app_rels" ADD CONSTRAINT "credit_app_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_credit_app_v_rels" ADD CONSTRAINT "_credit_app_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_credit_app_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_credit_app_v_rels" ADD CONSTRAINT "_credit_app_v_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pre_approval_rels" ADD CONSTRAINT "pre_approval_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pre_approval"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "pre_approval_rels" ADD CONSTRAINT "pre_approval_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "credit_report_rels" ADD CONSTRAINT "credit_report_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."credit_report"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "credit_report_rels" ADD CONSTRAINT "credit_report_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "address_rels" ADD CONSTRAINT "address_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."address"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "address_rels" ADD CONSTRAINT "address_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "credit_app_rels_order_idx" ON "credit_app_rels" USING btree ("order");
  CREATE INDEX "credit_app_rels_parent_idx" ON "credit_app_rels" USING btree ("parent_id");
  CREATE INDEX "credit_app_rels_path_idx" ON "credit_app_rels" USING btree ("path");
  CREATE INDEX "credit_app_rels_company_id_idx" ON "credit_app_rels" USING btree ("company_id");
  CREATE INDEX "_credit_app_v_rels_order_idx" ON "_credit_app_v_rels" USING btree ("order");
  CREATE INDEX "_credit_app_v_rels_parent_idx" ON "_credit_app_v_rels" USING btree ("parent_id");
  CREATE INDEX "_credit_app_v_rels_path_idx" ON "_credit_app_v_rels" USING btree ("path");
  CREATE INDEX "_credit_app_v_rels_company_id_idx" ON "_credit_app_v_rels" USING btree ("company_id");
  CREATE INDEX "pre_approval_rels_order_idx" ON "pre_approval_rels" USING btree ("order");
  CREATE INDEX "pre_approval_rels_parent_idx" ON "pre_approval_rels" USING btree ("parent_id");
  CREATE INDEX "pre_approval_rels_path_idx" ON "pre_approval_rels" USING btree ("path");
  CREATE INDEX "pre_approval_rels_company_id_idx" ON "pre_approval_rels" USING btree ("company_id");
  CREATE INDEX "credit_report_rels_order_idx" ON "credit_report_rels" USING btree ("order");
  CREATE INDEX "credit_report_rels_parent_idx" ON "credit_report_rels" USING btree ("parent_id");
  CREATE INDEX "credit_report_rels_path_idx" ON "credit_report_rels" USING btree ("path");
  CREATE INDEX "credit_report_rels_company_id_idx" ON "credit_report_rels" USING btree ("company_id");
  CREATE INDEX "address_rels_order_idx" ON "address_rels" USING btree ("order");
  CREATE INDEX "address_rels_parent_idx" ON "address_rels" USING btree ("parent_id");
  CREATE INDEX "address_rels_path_idx" ON "address_rels" USING btree ("path");
  CREATE INDEX "address_rels_company_id_idx" ON "address_rels" USING btree ("company_id");
  ALTER TABLE "lead" ADD CONSTRAINT "lead_dealership_id_company_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_dealership_id_company_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_events_v" ADD CONSTRAINT "_lead_events_v_version_dealership_id_company_id_fk" FOREIGN KEY ("version_dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "vdp_emails" ADD CONSTRAINT "vdp_emails_dealership_id_company_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_vdp_emails_v" ADD CONSTRAINT "_vdp_emails_v_version_dealership_id_company_id_fk" FOREIGN KEY ("version_dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "do_not_contact" ADD CONSTRAINT "do_not_contact_dealership_id_company_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "credit_app" ADD CONSTRAINT "credit_app_made_at_id_company_id_fk" FOREIGN KEY ("made_at_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_credit_app_v" ADD CONSTRAINT "_credit_app_v_version_made_at_id_company_id_fk" FOREIGN KEY ("version_made_at_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pre_approval" ADD CONSTRAINT "pre_approval_made_at_id_company_id_fk" FOREIGN KEY ("made_at_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "credit_report" ADD CONSTRAINT "credit_report_made_at_id_company_id_fk" FOREIGN KEY ("made_at_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "consumer_rels" ADD CONSTRAINT "consumer_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_consumer_v_rels" ADD CONSTRAINT "_consumer_v_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "deal" ADD CONSTRAINT "deal_dealership_id_company_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_deal_v" ADD CONSTRAINT "_deal_v_version_dealership_id_company_id_fk" FOREIGN KEY ("version_dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "customer_rels" ADD CONSTRAINT "customer_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "lead_dealership_idx" ON "lead" USING btree ("dealership_id");
  CREATE INDEX "lead_events_dealership_idx" ON "lead_events" USING btree ("dealership_id");
  CREATE INDEX "_lead_events_v_version_version_dealership_idx" ON "_lead_events_v" USING btree ("version_dealership_id");
  CREATE INDEX "vdp_emails_dealership_idx" ON "vdp_emails" USING btree ("dealership_id");
  CREATE INDEX "_vdp_emails_v_version_version_dealership_idx" ON "_vdp_emails_v" USING btree ("version_dealership_id");
  CREATE INDEX "do_not_contact_dealership_idx" ON "do_not_contact" USING btree ("dealership_id");
  CREATE INDEX "credit_app_made_at_idx" ON "credit_app" USING btree ("made_at_id");
  CREATE INDEX "_credit_app_v_version_version_made_at_idx" ON "_credit_app_v" USING btree ("version_made_at_id");
  CREATE INDEX "pre_approval_made_at_idx" ON "pre_approval" USING btree ("made_at_id");
  CREATE INDEX "credit_report_made_at_idx" ON "credit_report" USING btree ("made_at_id");
  CREATE INDEX "consumer_rels_company_id_idx" ON "consumer_rels" USING btree ("company_id");
  CREATE INDEX "_consumer_v_rels_company_id_idx" ON "_consumer_v_rels" USING btree ("company_id");
  CREATE INDEX "deal_dealership_idx" ON "deal" USING btree ("dealership_id");
  CREATE INDEX "_deal_v_version_version_dealership_idx" ON "_deal_v" USING btree ("version_dealership_id");
  CREATE INDEX "customer_rels_company_id_idx" ON "customer_rels" USING btree ("company_id");`)
  await db.execute(BACKFILL)
  await db.execute(TRIGGERS)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP FUNCTION commerce_dealership_added, commerce_credit_follows, commerce_grant_named,
    commerce_lead_moved, commerce_location_moved, commerce_located_dealership CASCADE;
  DROP FUNCTION commerce_add_dealership;`)
  await db.execute(sql`
   ALTER TABLE "credit_app_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_credit_app_v_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "pre_approval_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "credit_report_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "address_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "credit_app_rels" CASCADE;
  DROP TABLE "_credit_app_v_rels" CASCADE;
  DROP TABLE "pre_approval_rels" CASCADE;
  DROP TABLE "credit_report_rels" CASCADE;
  DROP TABLE "address_rels" CASCADE;
  ALTER TABLE "lead" DROP CONSTRAINT "lead_dealership_id_company_id_fk";
  
  ALTER TABLE "lead_events" DROP CONSTRAINT "lead_events_dealership_id_company_id_fk";
  
  ALTER TABLE "_lead_events_v" DROP CONSTRAINT "_lead_events_v_version_dealership_id_company_id_fk";
  
  ALTER TABLE "vdp_emails" DROP CONSTRAINT "vdp_emails_dealership_id_company_id_fk";
  
  ALTER TABLE "_vdp_emails_v" DROP CONSTRAINT "_vdp_emails_v_version_dealership_id_company_id_fk";
  
  ALTER TABLE "do_not_contact" DROP CONSTRAINT "do_not_contact_dealership_id_company_id_fk";
  
  ALTER TABLE "credit_app" DROP CONSTRAINT "credit_app_made_at_id_company_id_fk";
  
  ALTER TABLE "_credit_app_v" DROP CONSTRAINT "_credit_app_v_version_made_at_id_company_id_fk";
  
  ALTER TABLE "pre_approval" DROP CONSTRAINT "pre_approval_made_at_id_company_id_fk";
  
  ALTER TABLE "credit_report" DROP CONSTRAINT "credit_report_made_at_id_company_id_fk";
  
  ALTER TABLE "consumer_rels" DROP CONSTRAINT "consumer_rels_company_fk";
  
  ALTER TABLE "_consumer_v_rels" DROP CONSTRAINT "_consumer_v_rels_company_fk";
  
  ALTER TABLE "deal" DROP CONSTRAINT "deal_dealership_id_company_id_fk";
  
  ALTER TABLE "_deal_v" DROP CONSTRAINT "_deal_v_version_dealership_id_company_id_fk";
  
  ALTER TABLE "customer_rels" DROP CONSTRAINT "customer_rels_company_fk";
  
  DROP INDEX "lead_dealership_idx";
  DROP INDEX "lead_events_dealership_idx";
  DROP INDEX "_lead_events_v_version_version_dealership_idx";
  DROP INDEX "vdp_emails_dealership_idx";
  DROP INDEX "_vdp_emails_v_version_version_dealership_idx";
  DROP INDEX "do_not_contact_dealership_idx";
  DROP INDEX "credit_app_made_at_idx";
  DROP INDEX "_credit_app_v_version_version_made_at_idx";
  DROP INDEX "pre_approval_made_at_idx";
  DROP INDEX "credit_report_made_at_idx";
  DROP INDEX "consumer_rels_company_id_idx";
  DROP INDEX "_consumer_v_rels_company_id_idx";
  DROP INDEX "deal_dealership_idx";
  DROP INDEX "_deal_v_version_version_dealership_idx";
  DROP INDEX "customer_rels_company_id_idx";
  ALTER TABLE "lead" DROP COLUMN "dealership_id";
  ALTER TABLE "lead_events" DROP COLUMN "dealership_id";
  ALTER TABLE "_lead_events_v" DROP COLUMN "version_dealership_id";
  ALTER TABLE "vdp_emails" DROP COLUMN "dealership_id";
  ALTER TABLE "_vdp_emails_v" DROP COLUMN "version_dealership_id";
  ALTER TABLE "do_not_contact" DROP COLUMN "dealership_id";
  ALTER TABLE "credit_app" DROP COLUMN "made_at_id";
  ALTER TABLE "_credit_app_v" DROP COLUMN "version_made_at_id";
  ALTER TABLE "pre_approval" DROP COLUMN "made_at_id";
  ALTER TABLE "credit_report" DROP COLUMN "made_at_id";
  ALTER TABLE "consumer_rels" DROP COLUMN "company_id";
  ALTER TABLE "_consumer_v_rels" DROP COLUMN "company_id";
  ALTER TABLE "deal" DROP COLUMN "dealership_id";
  ALTER TABLE "_deal_v" DROP COLUMN "version_dealership_id";
  ALTER TABLE "customer_rels" DROP COLUMN "company_id";`)
}
