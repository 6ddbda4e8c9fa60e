<?xml version="1.0" encoding="UTF-8"?>
<!--
  Compiles an ISO Schematron schema (queryBinding xslt2/xslt3) into an XSLT 3.0 stylesheet that
  writes SVRL, run by SaxonJS (validate.ts). It covers the ISO Schematron constructs the national
  NEMSIS rules use: schema-level and rule-level sch:let, foreign xsl:key / xsl:variable /
  xsl:function, patterns whose rules fire once per node in document order (first matching rule
  wins), assert / report with id, role, subject and diagnostics, sch:value-of and sch:name in
  messages, and diagnostics whose content (literal elements and xsl instructions) is copied as XSLT.
  The "schematron-get-full-path" mode the ISO skeleton provides is defined too, since the NEMSIS
  diagnostic calls it. Abstract patterns, phases and includes are refused rather than ignored.
-->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:axsl="urn:licensure:alias-xsl"
  xmlns:sch="http://purl.oclc.org/dsdl/schematron"
  xmlns:svrl="http://purl.oclc.org/dsdl/svrl"
  xmlns:xs="http://www.w3.org/2001/XMLSchema"
  exclude-result-prefixes="sch xs">

  <xsl:namespace-alias stylesheet-prefix="axsl" result-prefix="xsl"/>

  <xsl:template match="/sch:schema">
    <xsl:if test="sch:pattern[@abstract = 'true' or @is-a] or sch:phase or .//sch:include or .//sch:extends">
      <xsl:message terminate="yes">Unsupported Schematron construct (abstract pattern, phase or include).</xsl:message>
    </xsl:if>
    <axsl:stylesheet version="3.0">
      <xsl:for-each select="sch:ns">
        <xsl:namespace name="{@prefix}" select="string(@uri)"/>
      </xsl:for-each>
      <xsl:namespace name="xs" select="'http://www.w3.org/2001/XMLSchema'"/>
      <xsl:copy-of select="xsl:*"/>
      <xsl:apply-templates select="sch:let" mode="variable"/>

      <axsl:template match="/">
        <svrl:schematron-output schemaVersion="{@schemaVersion}" title="{normalize-space(sch:title)}">
          <xsl:for-each select="sch:pattern">
            <svrl:active-pattern id="{@id}" name="{normalize-space(sch:title)}"/>
            <axsl:apply-templates select="/" mode="P{position()}"/>
          </xsl:for-each>
        </svrl:schematron-output>
      </axsl:template>

      <xsl:for-each select="sch:pattern">
        <xsl:variable name="mode" select="'P' || position()"/>
        <xsl:variable name="count" select="count(sch:rule)"/>
        <xsl:for-each select="sch:rule">
          <axsl:template match="{@context}" mode="{$mode}" priority="{1000 + $count - position()}">
            <xsl:apply-templates select="sch:let" mode="variable"/>
            <xsl:apply-templates select="sch:assert | sch:report"/>
            <axsl:apply-templates select="@* | *" mode="{$mode}"/>
          </axsl:template>
        </xsl:for-each>
        <axsl:template match="@* | node()" mode="{$mode}" priority="-1">
          <axsl:apply-templates select="@* | *" mode="{$mode}"/>
        </axsl:template>
      </xsl:for-each>

      <axsl:template match="node() | @*" mode="schematron-get-full-path">
        <axsl:for-each select="ancestor-or-self::*">
          <axsl:value-of select="'/' || name() || '[' || (count(preceding-sibling::*[node-name(.) = node-name(current())]) + 1) || ']'"/>
        </axsl:for-each>
        <axsl:if test="self::attribute()">
          <axsl:value-of select="'/@' || name()"/>
        </axsl:if>
      </axsl:template>
    </axsl:stylesheet>
  </xsl:template>

  <xsl:template match="sch:let" mode="variable">
    <axsl:variable name="{@name}" select="{(@value, '.')[1]}"/>
  </xsl:template>

  <xsl:template match="sch:assert | sch:report">
    <xsl:variable name="result" as="element()">
      <xsl:element name="svrl:{if (self::sch:assert) then 'failed-assert' else 'successful-report'}">
        <xsl:attribute name="test" select="@test"/>
        <xsl:copy-of select="@id | @role"/>
        <axsl:attribute name="location">
          <axsl:apply-templates select="{(@subject, ../@subject, '.')[1]}" mode="schematron-get-full-path"/>
        </axsl:attribute>
        <svrl:text><xsl:apply-templates select="node()" mode="content"/></svrl:text>
        <xsl:variable name="schema" select="root(.)"/>
        <xsl:for-each select="tokenize(normalize-space(@diagnostics), ' ')">
          <xsl:variable name="diagnostic" select="$schema//sch:diagnostic[@id = current()]"/>
          <xsl:if test="empty($diagnostic)">
            <xsl:message terminate="yes">Unknown diagnostic <xsl:value-of select="."/></xsl:message>
          </xsl:if>
          <svrl:diagnostic-reference diagnostic="{.}">
            <xsl:apply-templates select="$diagnostic/node()" mode="content"/>
          </svrl:diagnostic-reference>
        </xsl:for-each>
      </xsl:element>
    </xsl:variable>
    <xsl:choose>
      <xsl:when test="self::sch:assert">
        <axsl:if test="not({@test})"><xsl:sequence select="$result"/></axsl:if>
      </xsl:when>
      <xsl:otherwise>
        <axsl:if test="{@test}"><xsl:sequence select="$result"/></axsl:if>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:template>

  <!-- Message and diagnostic content: text as text, sch:value-of and sch:name as xsl:value-of,
       every other element (literal result elements, xsl instructions) copied. -->
  <xsl:template match="sch:value-of" mode="content">
    <axsl:value-of select="{@select}"/>
  </xsl:template>
  <xsl:template match="sch:name" mode="content">
    <axsl:value-of select="name({(@path, '.')[1]})"/>
  </xsl:template>
  <xsl:template match="sch:emph | sch:dir | sch:span" mode="content">
    <xsl:apply-templates select="node()" mode="content"/>
  </xsl:template>
  <xsl:template match="text()" mode="content">
    <xsl:if test="normalize-space(.) != '' or not(parent::xsl:*)">
      <axsl:text><xsl:value-of select="."/></axsl:text>
    </xsl:if>
  </xsl:template>
  <xsl:template match="comment() | processing-instruction()" mode="content"/>
  <xsl:template match="*" mode="content">
    <xsl:copy>
      <xsl:copy-of select="@*"/>
      <xsl:apply-templates select="node()" mode="content"/>
    </xsl:copy>
  </xsl:template>
</xsl:stylesheet>
